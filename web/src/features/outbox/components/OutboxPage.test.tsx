import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxRow } from '../../../api/types';
import { mockRoutes, renderRoute, signInAs } from '../../../test/utils';
import OutboxPage from './OutboxPage';

const message = (key: string, patch: Partial<OutboxRow>): OutboxRow => ({
  message_key: key,
  kind: 'text',
  recipient: '555-234-5678',
  subject: null,
  body: 'Your code is 1234',
  channel: 'sms_gateway',
  status: 'sent',
  error: null,
  created_on: '2026-11-20T15:10:00Z',
  delivered_on: '2026-11-20T15:10:01Z',
  ...patch,
});

afterEach(() => vi.restoreAllMocks());

describe('OutboxPage', () => {
  it('shows each message with its channel, status and error, newest first, without exports', async () => {
    signInAs({ username: 'demo.admin', isAdmin: true });
    const calls = mockRoutes({
      'GET /api/outbox': () => ({
        body: {
          data: [
            message('text-2', {}),
            message('mail-1', {
              kind: 'mail',
              recipient: 'ann@refused.test',
              subject: 'Reset your password',
              body: 'Open the link',
              channel: 'smtp',
              status: 'failed',
              error: '550 5.1.1 No such user',
            }),
            message('text-1', { status: 'opted_out', channel: 'sms_gateway' }),
          ],
          total: 3,
        },
      }),
    });
    renderRoute(<OutboxPage />, { path: '/outbox', route: '/outbox' });
    const mail = (await screen.findByText('ann@refused.test')).closest('tr')!;
    expect(within(mail).getByText('Reset your password')).toBeInTheDocument();
    expect(within(mail).getByText('SMTP')).toBeInTheDocument();
    expect(within(mail).getByText('Failed')).toBeInTheDocument();
    expect(within(mail).getByText('550 5.1.1 No such user')).toBeInTheDocument();
    expect(screen.getAllByText('Text gateway')).toHaveLength(2);
    expect(screen.getByText('Opted out (STOP)')).toBeInTheDocument();
    const listed = new URLSearchParams(calls.find((c) => c.path === '/api/outbox')!.search);
    expect([listed.get('orderBy'), listed.get('order')]).toEqual(['created_on', 'desc']);
    expect(screen.queryByRole('button', { name: 'Export All' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
  });
});
