import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../api/session';
import type { SessionUser } from '../../api/types';
import { fakeToken, mockRoutes, renderRoute, type MockResponse } from '../../test/utils';
import { BuilderSelector } from './BuilderSelector';

describe('BuilderSelector', () => {
  it('shows an error with Retry when the builders cannot be loaded', async () => {
    const token = fakeToken({ sub: 'ent.user' });
    sessionStore.signIn(token, { username: 'ent.user', isEnterprise: true, token } as SessionUser);
    let answer: MockResponse = { status: 500, body: { message: 'Database unavailable' } };
    mockRoutes({ 'GET /api/builders/enterprise/ent.user': () => answer });
    renderRoute(<BuilderSelector />, { route: '/dashboard' });
    expect(await screen.findByText('Builders could not be loaded: Database unavailable')).toBeInTheDocument();

    answer = { body: [{ builder_id: 1, name: 'Brightway Homes' }] };
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('combobox', { name: 'Builder' })).toHaveTextContent('All Builders');
  });
});
