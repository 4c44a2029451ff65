import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, renderRoute, signInAs } from '../../../test/utils';
import { VISIT_TIMES } from '../shareSchema';
import SharePage from './SharePage';

const HOMES = {
  'GET /api/properties': () => ({
    body: { data: [{ property_id: 15, house_num: '18', address_1: '204 Pecan Trail', city: 'Georgetown' }], total: 1 },
  }),
};

afterEach(() => vi.restoreAllMocks());

function open(handlers: Parameters<typeof mockRoutes>[0] = {}) {
  signInAs({ username: 'demo.pm' });
  const calls = mockRoutes({ ...HOMES, ...handlers });
  renderRoute(<SharePage />, { path: '/share', route: '/share' });
  return calls;
}

async function fillCustomer(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'First Name' }), 'Ann');
  await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Share');
  await user.type(screen.getByRole('textbox', { name: 'Phone' }), '5557771234');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ann@example.com');
  await user.click(screen.getByRole('combobox', { name: 'Property' }));
  await user.click(await screen.findByRole('option', { name: '15 · Lot 18 · 204 Pecan Trail' }));
}

describe('SharePage', () => {
  it('offers the two ways of booking; Next waits for one', async () => {
    const user = userEvent.setup();
    open();
    expect(screen.getByRole('heading', { name: 'Book a tour' })).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    expect(screen.getByText('Recommended')).toBeInTheDocument();
    const verified = screen.getByRole('radio', { name: /Create Verified account/ });
    await user.click(verified);
    expect(verified).toHaveAttribute('aria-checked', 'true');
    expect(next).toBeEnabled();
    await user.click(next);
    expect(screen.getByRole('heading', { name: 'Customer Details' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Visit Date/)).not.toBeInTheDocument();
  });

  it('shows every message on Save; Previous clears them', async () => {
    const user = userEvent.setup();
    open();
    await user.click(screen.getByRole('radio', { name: /Send Scheduled Tour Invite/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    for (const message of [
      'First Name is required',
      'Last Name is required',
      'Phone is required',
      'Email is required',
      'Property is required',
      'Visit date is required',
      'Visit time is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ann@');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email must be valid email')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByText('First Name is required')).not.toBeInTheDocument();
  });

  it('sends a scheduled tour invite with the date as MM/dd/yyyy, then starts over', async () => {
    const user = userEvent.setup();
    const calls = open({
      'POST /api/customers/share': () => ({
        body: { message: 'Scheduled tour invite sent to Ann Share', customer_id: 9, scheduled_visit_id: 4 },
      }),
    });
    await user.click(screen.getByRole('radio', { name: /Send Scheduled Tour Invite/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fillCustomer(user);
    await user.click(screen.getByRole('combobox', { name: 'Visitor Type' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['V', 'AG']);
    await user.click(screen.getByRole('option', { name: 'AG' }));
    fireEvent.change(screen.getByLabelText(/Visit Date/), { target: { value: '2026-12-01' } });
    await user.click(screen.getByRole('combobox', { name: 'Visit Time' }));
    const times = screen.getAllByRole('option').map((o) => o.textContent);
    expect(times).toEqual(VISIT_TIMES);
    expect([times[0], times.at(-1)]).toEqual(['7:00 AM', '8:30 PM']);
    await user.click(screen.getByRole('option', { name: '2:30 PM' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Scheduled tour invite sent to Ann Share')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/customers/share')!.body).toEqual({
      firstname: 'Ann',
      lastname: 'Share',
      email_1: 'ann@example.com',
      cell_phone_1: '555-777-1234',
      property_id: 15,
      book_tour: 'scheduledTour',
      visitor_type_id: 123,
      visit_date: '12/01/2026',
      visit_time: '2:30 PM',
    });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Book a tour' })).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('puts the server’s refusals on the form', async () => {
    const user = userEvent.setup();
    open({
      'POST /api/customers/share': () => ({
        status: 422,
        body: {
          message: 'This visitor is blacklisted and cannot be invited',
          errors: { customer: 'This visitor is blacklisted and cannot be invited' },
        },
      }),
    });
    await user.click(screen.getByRole('radio', { name: /Create Verified account/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This visitor is blacklisted and cannot be invited')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Customer Details' })).toBeInTheDocument();
  });

  it('offers only homes open to tours', async () => {
    const user = userEvent.setup();
    const calls = open();
    await user.click(screen.getByRole('radio', { name: /Create Verified account/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('combobox', { name: 'Property' }));
    await screen.findByRole('option', { name: '15 · Lot 18 · 204 Pecan Trail' });
    expect(new URLSearchParams(calls.find((c) => c.path === '/api/properties')!.search).get('tours')).toBe('true');
  });
});
