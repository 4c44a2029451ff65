import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockRoutes, renderRoute, signInAs } from '../../../test/utils';
import { invoice } from '../../../test/fixtures';
import InvoicePage, { cents } from './InvoicePage';

describe('InvoicePage', () => {
  it('shows every block of the invoice', async () => {
    signInAs({ username: 'demo.pm', isPM: true });
    mockRoutes({ 'GET /api/invoices/1': () => ({ body: invoice(1, { credits_applied: 1000, balance: 29000 }) }) });
    renderRoute(<InvoicePage />, { path: '/account/billing/:tab/:id', route: '/account/billing/past-due/1' });
    const sheet = await screen
      .findByRole('region', { name: 'Invoice TD-202601-0001' })
      .catch(() => screen.findByLabelText('Invoice TD-202601-0001'));
    for (const text of [
      'Invoice # TD-202601-0001',
      'Date Oct 1, 2026',
      'Brightway Homes',
      'Attn: Accounts Payable',
      '100 Commerce Street',
      'Austin, TX 78701',
      'Net 30',
      'October 2026',
      '12 × $25.00',
      'Payments/Credits',
      '-$10.00',
    ]) {
      expect(within(sheet).getByText(text)).toBeInTheDocument();
    }
    expect(within(sheet).getByTestId('balance-due')).toHaveTextContent('$290.00');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    // Staff see no bookkeeping.
    expect(screen.queryByRole('region', { name: 'Record a payment' })).toBeNull();
  });

  it('lets an admin acting as a program manager record a payment, with the server’s message', async () => {
    signInAs({ username: 'demo.pm', isPM: true, actingAdmin: 'demo.admin' });
    let stored = invoice(1);
    const calls = mockRoutes({
      'GET /api/invoices/1': () => ({ body: stored }),
      'POST /api/invoices/1/payments': (call) => {
        if ((call.body as { amount: number }).amount > 30000)
          return {
            status: 422,
            body: { message: 'x', errors: { amount: 'Amount cannot be more than the balance due ($300.00)' } },
          };
        stored = invoice(1, { amount_paid: 30000, balance: 0, status: 'paid' });
        return { body: stored };
      },
    });
    renderRoute(<InvoicePage />, { path: '/account/billing/:tab/:id', route: '/account/billing/invoices/1' });
    const form = await screen.findByRole('region', { name: 'Record a payment' });
    await userEvent.type(within(form).getByLabelText('Amount'), '301');
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    expect(await within(form).findByText('Amount cannot be more than the balance due ($300.00)')).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('Amount'));
    await userEvent.type(within(form).getByLabelText('Amount'), '$300.00');
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(screen.getByTestId('balance-due')).toHaveTextContent('$0.00'));
    expect(calls.filter((c) => c.path === '/api/invoices/1/payments').map((c) => c.body)).toEqual([
      { kind: 'payment', amount: 30100, note: '' },
      { kind: 'payment', amount: 30000, note: '' },
    ]);
  });

  it('reads typed dollars as cents', () => {
    expect(cents('1,234.5')).toBe(123450);
    expect(cents('$0.05')).toBe(5);
    expect(cents('12')).toBe(1200);
    expect(cents('1.234')).toBeNull();
    expect(cents('abc')).toBeNull();
  });
});
