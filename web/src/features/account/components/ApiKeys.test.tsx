import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockRoutes, renderRoute, signInAs } from '../../../test/utils';
import ApiKeys from './ApiKeys';

const KEY = {
  id: 3,
  client_id: 'td_abc',
  created_at: '2026-11-20T10:00:00Z',
  user_id: 9,
  created_by: 'Paula Manning',
};

describe('ApiKeys', () => {
  it('creates a key and shows its secret once, with Copy buttons', async () => {
    const user = userEvent.setup();
    signInAs({ username: 'demo.pm', builderId: 5 });
    let keys = [KEY];
    mockRoutes({
      'GET /api/auth/oauth_clients': () => ({ body: keys }),
      'POST /api/auth/oauth_clients': () => {
        keys = [{ ...KEY, id: 4, client_id: 'td_new' }, ...keys];
        return {
          status: 201,
          body: {
            ...KEY,
            id: 4,
            client_id: 'td_new',
            client_secret: 's3cr3t',
            clientId: 'td_new',
            clientSecret: 's3cr3t',
          },
        };
      },
    });
    renderRoute(<ApiKeys />);
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(await within(table).findByText('td_abc')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(dialog).getByRole('textbox', { name: 'Client secret' })).toHaveValue('s3cr3t');
    await user.click(within(dialog).getByRole('button', { name: 'Copy Client secret' }));
    expect(await screen.findByText('Secret copied to clipboard!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('s3cr3t');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(table).findByText('td_new')).toBeInTheDocument();
    expect(screen.queryByText('s3cr3t')).not.toBeInTheDocument();
  });

  it('removes a key after asking', async () => {
    signInAs({ username: 'demo.pm', builderId: 5 });
    let keys = [KEY];
    const calls = mockRoutes({
      'GET /api/auth/oauth_clients': () => ({ body: keys }),
      'DELETE /api/auth/oauth_clients': () => {
        keys = [];
        return { body: { message: 'API key removed' } };
      },
    });
    renderRoute(<ApiKeys />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/td_abc lose access at once/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('API key removed')).toBeInTheDocument();
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ clientId: 'td_abc' });
  });
});
