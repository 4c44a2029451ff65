import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockRoutes, renderRoute, signInAs } from '../../../test/utils';
import { deliveryStatus } from '../webhookSchema';
import WebhookFormPage from './WebhookFormPage';

const WEBHOOK = {
  id: 7,
  payload_url: 'https://crm.example/hooks',
  content_type: 'json',
  event_type: 'tours.enable',
  secret: '…9xYz',
  created_on: '2026-11-20T10:00:00Z',
  builder_id: 5,
  builderName: 'Brightway Homes',
  disabled_on: '2026-11-25T08:00:00Z',
  disabled_reason: 'The endpoint answered 410 Gone',
  failing_since: '2026-11-25T08:00:00Z',
};

const DELIVERY = {
  id: 31,
  message_id: 'msg_12',
  event_type: 'tours.enable',
  test: false,
  created_on: '2026-11-25T07:59:00Z',
  state: 'failed',
  attempts: 1,
  next_attempt_on: null,
  attempt_log: [
    {
      id: 1,
      attempted_on: '2026-11-25T08:00:00Z',
      status_code: 410,
      duration_ms: 42,
      response: 'gone for good',
      error: null,
    },
  ],
};

describe('WebhookFormPage', () => {
  it('asks for the three required fields and sends nothing', async () => {
    signInAs({ username: 'demo.pm', builderId: 5 });
    const calls = mockRoutes({});
    renderRoute(<WebhookFormPage />, { path: '/webhooks/add', route: '/webhooks/add' });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('Required field')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('generates a secret, creates the webhook and opens it', async () => {
    signInAs({ username: 'demo.pm', builderId: 5 });
    const calls = mockRoutes({
      'GET /api/webhooks/secret': () => ({ body: { secret: 'whsec_c2VjcmV0' } }),
      'POST /api/webhooks/add': () => ({ status: 201, body: { message: 'Webhook created', id: 7 } }),
    });
    renderRoute(<WebhookFormPage />, { path: '/webhooks/add', route: '/webhooks/add' });
    await userEvent.type(await screen.findByRole('textbox', { name: /Payload URL/ }), 'https://crm.example/hooks');
    await userEvent.click(screen.getByRole('combobox', { name: /Event Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'scheduled.tours' }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Secret/ })).toHaveValue('whsec_c2VjcmV0'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/webhooks/7'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      payload_url: 'https://crm.example/hooks',
      content_type: 'json',
      event_type: 'scheduled.tours',
      secret: 'whsec_c2VjcmV0',
    });
  });

  it('shows why deliveries stopped, the delivery log with its attempts, and replays one', async () => {
    signInAs({ username: 'demo.pm', builderId: 5 });
    const calls = mockRoutes({
      'GET /api/webhooks/7': () => ({ body: WEBHOOK }),
      'GET /api/webhooks/7/deliveries': () => ({ body: [DELIVERY] }),
      'POST /api/webhooks/7/deliveries/31/replay': () => ({ status: 202, body: { message: 'Delivery sent again' } }),
      'POST /api/webhooks/7': () => ({ body: { message: 'Webhook updated' } }),
    });
    renderRoute(<WebhookFormPage />, { path: '/webhooks/:webhookId', route: '/webhooks/7' });
    expect(await screen.findByText(/The endpoint answered 410 Gone/)).toBeInTheDocument();
    const log = await screen.findByRole('table', { name: 'Deliveries' });
    expect(within(log).getByText('msg_12')).toBeInTheDocument();
    expect(within(log).getByText('Failed')).toBeInTheDocument();
    await userEvent.click(within(log).getByRole('button', { name: 'Show attempts' }));
    expect(await screen.findByText('gone for good')).toBeInTheDocument();
    expect(screen.getByText('410')).toBeInTheDocument();
    await userEvent.click(within(log).getByRole('button', { name: 'Replay' }));
    expect(await screen.findByText('Delivery sent again')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/webhooks/7/deliveries/31/replay')).toBe(true);

    // The saved secret is never shown; saving without a new one keeps it.
    expect(screen.getByRole('textbox', { name: /Secret/ })).toHaveValue('');
    expect(screen.getByText(/A secret is saved \(…9xYz\)/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/webhooks/7' && c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.path === '/api/webhooks/7' && c.method === 'POST')?.body).toEqual({
      payload_url: 'https://crm.example/hooks',
      content_type: 'json',
      event_type: 'tours.enable',
    });
  });
});

describe('deliveryStatus', () => {
  it('reads each state', () => {
    expect(deliveryStatus({ state: 'delivered', attempts: 2 })).toBe('Delivered');
    expect(deliveryStatus({ state: 'failed', attempts: 8 })).toBe('Failed');
    expect(deliveryStatus({ state: 'pending', attempts: 0 })).toBe('Sending');
    expect(deliveryStatus({ state: 'pending', attempts: 3 })).toBe('Retrying');
  });
});
