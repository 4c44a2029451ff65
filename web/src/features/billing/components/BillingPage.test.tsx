import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Invoice } from '../../../api/types';
import { invoice } from '../../../test/fixtures';
import { mockRoutes, renderRoute, signInAs } from '../../../test/utils';
import BillingPage from './BillingPage';

const list = (data: Invoice[], remittance: string | null = 'Wire to Tourdesk Inc.') => ({
  body: { data, total: data.length, balance: 30000, pay: { remittance, paymentUrl: null } },
});

afterEach(() => vi.restoreAllMocks());

describe('BillingPage', () => {
  it('shows the balance and history, filters it, pays only overdue invoices and expands line items', async () => {
    signInAs({ username: 'demo.pm', isPM: true });
    const overdue = invoice(1);
    const pending = invoice(2, { date: '2099-01-01', dueDate: '2099-01-31', docNumber: 'TD-209812-0001' });
    const paid = invoice(3, { balance: 0, amount_paid: 30000, status: 'paid', docNumber: 'TD-202608-0001' });
    mockRoutes({ 'GET /api/invoices': () => list([pending, overdue, paid]) });
    renderRoute(<BillingPage />, { path: '/billing', route: '/billing' });
    expect(await screen.findByRole('heading', { name: 'Billing Information' })).toBeInTheDocument();
    expect(screen.getByTestId('current-balance')).toHaveTextContent('$300.00');
    const rows = () => within(screen.getByRole('table', { name: 'Invoice History' })).getAllByRole('row');
    const row = (doc: string) => screen.getByText(doc).closest('tr')!;
    expect(within(row(overdue.docNumber)).getByText('Overdue')).toBeInTheDocument();
    expect(within(row(pending.docNumber)).getByText('Pending')).toBeInTheDocument();
    expect(within(row(paid.docNumber)).getByText('Paid')).toBeInTheDocument();
    expect(within(row(overdue.docNumber)).getByText('Oct 1, 2026')).toBeInTheDocument();
    // Pay only on the overdue one; View on each.
    expect(within(row(overdue.docNumber)).getByRole('button', { name: 'Pay' })).toBeInTheDocument();
    expect(within(row(pending.docNumber)).queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'View' })).toHaveLength(3);

    await userEvent.click(screen.getByRole('button', { name: `Show line items of ${overdue.docNumber}` }));
    const lines = await screen.findByRole('table', { name: `Line items of ${overdue.docNumber}` });
    expect(within(lines).getByText('12 homes in service')).toBeInTheDocument();
    expect(within(lines).getByText('$25.00')).toBeInTheDocument();

    // Pay shows how to pay; it records nothing.
    await userEvent.click(within(row(overdue.docNumber)).getByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('remittance')).toHaveTextContent('Wire to Tourdesk Inc.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Paid' }));
    await waitFor(() => expect(rows()).toHaveLength(3)); // header, the paid row and its collapsed lines row
    expect(screen.getByText(paid.docNumber)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unpaid' }));
    expect(screen.queryByText(paid.docNumber)).toBeNull();
    expect(screen.getByText(overdue.docNumber)).toBeInTheDocument();
  });

  it('opens View in a new tab, and says so when the link is not available', async () => {
    signInAs({ username: 'demo.pm', isPM: true });
    mockRoutes({
      'GET /api/invoices': () => list([invoice(1), invoice(2, { docNumber: 'TD-202609-0001' })]),
      'GET /api/billing/invoice/1': () => ({
        body: { invoiceLink: 'http://127.0.0.1/api/billing/invoice/1/pdf?grant=x' },
      }),
      'GET /api/billing/invoice/2': () => ({ status: 404, body: { message: 'No record exist!' } }),
    });
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderRoute(<BillingPage />, { path: '/billing', route: '/billing' });
    const views = await screen.findAllByRole('button', { name: 'View' });
    await userEvent.click(views[0]);
    await waitFor(() => expect(tab.location.href).toBe('http://127.0.0.1/api/billing/invoice/1/pdf?grant=x'));
    await userEvent.click(views[1]);
    expect(await screen.findByText('Invoice link not available')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
  });

  it('says No invoices found, and shows an error text instead of the page when loading fails', async () => {
    signInAs({ username: 'demo.pm', isPM: true });
    mockRoutes({ 'GET /api/invoices': () => list([]) });
    const empty = renderRoute(<BillingPage />, { path: '/billing', route: '/billing' });
    expect(await screen.findByText('No invoices found')).toBeInTheDocument();
    empty.unmount();
    mockRoutes({ 'GET /api/invoices': () => ({ status: 500, body: { message: 'Database unavailable' } }) });
    renderRoute(<BillingPage />, { path: '/billing', route: '/billing' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load billing information: Database unavailable',
    );
    expect(screen.queryByText('Billing Information')).toBeNull();
  });
});
