import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ANN } from '../../../test/fixtures';
import { mockRoutes, renderRoute, signInAs } from '../../../test/utils';
import { NO_EMAIL_SET } from '../agentSchema';
import AgentFormPage from './AgentFormPage';

function edit(agent = ANN) {
  const calls = mockRoutes({
    'GET /api/agents/ann.lee': () => ({ body: agent }),
    'PATCH /api/agents/ann.lee': () => ({ body: { message: 'Updated successfully' } }),
    'POST /api/agents/resendEmail': () => ({ body: { message: 'Success resend email!' } }),
  });
  renderRoute(<AgentFormPage />, { path: '/agents/:username', route: '/agents/ann.lee' });
  return calls;
}

const notificationEmail = () => screen.getByLabelText('Notification email');

beforeEach(() => signInAs({ username: 'demo.pm' }));

describe('AgentFormPage', () => {
  it('sends the password link to the saved email, not to an unsaved edit', async () => {
    const calls = edit();
    const email = await screen.findByLabelText(/^Email/);
    await userEvent.clear(email);
    await userEvent.type(email, 'typo@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Resend Password Link' }));
    expect(await screen.findByText('Success resend email!')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/agents/resendEmail')?.body).toEqual({
      username: 'ann.lee',
      email: 'ann@example.com',
    });
  });

  it('shows the email as the notification email of an agent loaded with email notifications on', async () => {
    edit();
    await screen.findByRole('heading', { name: 'Edit Staff' });
    expect(notificationEmail()).toHaveValue('ann@example.com');
    // It follows the email while it is the email.
    const email = screen.getByLabelText(/^Email/);
    await userEvent.type(email, 'x');
    expect(notificationEmail()).toHaveValue('ann@example.comx');
  });

  it('says No email set! when email notifications are on and there is no email', async () => {
    mockRoutes({});
    renderRoute(<AgentFormPage />, { path: '/agents/add', route: '/agents/add' });
    await userEvent.click(screen.getByLabelText(/Sales Staff/));
    await userEvent.click(screen.getByLabelText('Send lead notifications by email'));
    expect(notificationEmail()).toHaveValue('');
    expect(screen.getByText(NO_EMAIL_SET)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Email/), 'nina@example.com');
    expect(notificationEmail()).toHaveValue('nina@example.com');
    expect(screen.queryByText(NO_EMAIL_SET)).not.toBeInTheDocument();
  });

  it('turns texts and emails off for a role without the lead-notification block', async () => {
    const calls = edit();
    await screen.findByRole('heading', { name: 'Lead notifications' });
    await userEvent.click(screen.getByLabelText(/Trade Contractor/));
    expect(screen.queryByRole('heading', { name: 'Lead notifications' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      roles: { id: 7 },
      send_sms: 0,
      send_email: 0,
    });
    // Back to Sales Staff: the block shows them off.
    await userEvent.click(screen.getByLabelText(/Sales Staff/));
    expect(screen.getByLabelText('Send lead notifications by text')).not.toBeChecked();
    expect(screen.getByLabelText('Send lead notifications by email')).not.toBeChecked();
  });

  it("offers a temporary password on another staff member's account", async () => {
    edit();
    expect(await screen.findByRole('button', { name: 'Set a Temporary Password' })).toBeInTheDocument();
  });

  it('does not set a temporary password on your own account (it would sign you out)', async () => {
    signInAs({ username: 'ann.lee' });
    edit();
    await screen.findByRole('heading', { name: 'Edit Staff' });
    expect(screen.queryByRole('button', { name: 'Set a Temporary Password' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/account/edit-profile');
  });
});
