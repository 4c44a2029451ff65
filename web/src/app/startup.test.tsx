import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockRoutes, renderRoute, type MockResponse } from '../test/utils';
import { INIT_ERROR, StartupGate } from './startup';

describe('StartupGate', () => {
  it('offers Retry when the start-up load fails, and starts once it succeeds', async () => {
    let catalog: MockResponse = { status: 503, body: { message: 'The database does not answer' } };
    mockRoutes({
      'GET /api/catalog': () => catalog,
      'GET /api/states': () => ({ body: [] }),
      'GET /api/feature_flags': () => ({ body: {} }),
    });
    renderRoute(
      <StartupGate>
        <p>The console</p>
      </StartupGate>,
    );
    // The catalog is tried twice (retry: 1) before the error shows.
    expect(await screen.findByText(INIT_ERROR, {}, { timeout: 5000 })).toBeInTheDocument();
    catalog = { body: [] };
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The console')).toBeInTheDocument();
    expect(screen.queryByText(INIT_ERROR)).not.toBeInTheDocument();
  });
});
