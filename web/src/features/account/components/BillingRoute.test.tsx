import { render, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../app/router';
import { LocationProbe, mockRoutes, Providers, signInAs } from '../../../test/utils';
import { billingAvailable } from '../billingAccess';
import AccountPage from './AccountPage';
import { BillingRoute } from './BillingRoute';

function open(route: string, children?: string) {
  return (
    <Providers route={route}>
      <Routes>
        <Route path="/account/billing/*" element={<BillingRoute>{children}</BillingRoute>} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </Providers>
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('billing access', () => {
  it('needs BILLING_UI and a program manager', () => {
    expect(billingAvailable({ BILLING_UI: true }, { isPM: true })).toBe(true);
    expect(billingAvailable({ BILLING_UI: false }, { isPM: true })).toBe(false);
    expect(billingAvailable({}, { isPM: true })).toBe(false);
    expect(billingAvailable({ BILLING_UI: true }, { isPM: false })).toBe(false);
    expect(billingAvailable({ BILLING_UI: true }, null)).toBe(false);
  });

  it('opens the invoices tab at /account/billing for a program manager with BILLING_UI', async () => {
    signInAs({ username: 'u', isPM: true });
    mockRoutes({
      'GET /api/feature_flags': () => ({ body: { BILLING_UI: true } }),
      'GET /api/invoices': () => ({
        body: { data: [], total: 0, balance: 0, pay: { remittance: null, paymentUrl: null } },
      }),
    });
    render(
      <Providers route="/account/billing">
        <AppRoutes />
        <LocationProbe />
      </Providers>,
    );
    // The shell, the account page and the billing pages are lazy chunks.
    expect(await screen.findByText('No invoices found', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(location()).toBe('/account/billing/invoices');
    expect(screen.getByRole('tab', { name: 'Billing', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Past Due' })).toHaveAttribute('href', '/account/billing/past-due');
    // The whole shell loads here: more time than the default.
  }, 20_000);

  it('shows the Billing tab only with the flag and a program manager', async () => {
    const account = () => (
      <Providers route="/account/edit-profile">
        <Routes>
          <Route path="/account" element={<AccountPage />}>
            <Route path="edit-profile" element={<p>Profile form</p>} />
          </Route>
        </Routes>
      </Providers>
    );
    signInAs({ username: 'u', isPM: true });
    mockRoutes({ 'GET /api/feature_flags': () => ({ body: { BILLING_UI: true } }) });
    const pm = render(account());
    expect(await screen.findByRole('tab', { name: 'Billing' })).toHaveAttribute('href', '/account/billing');
    pm.unmount();

    signInAs({ username: 'u', isPM: false });
    const staff = render(account());
    expect(await screen.findByText('Profile form')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Edit profile' })).toBeInTheDocument());
    expect(screen.queryByRole('tab', { name: 'Billing' })).not.toBeInTheDocument();
    staff.unmount();

    signInAs({ username: 'u', isPM: true });
    mockRoutes({ 'GET /api/feature_flags': () => ({ body: { BILLING_UI: false } }) });
    render(account());
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Edit profile' })).toBeInTheDocument());
    expect(screen.queryByRole('tab', { name: 'Billing' })).not.toBeInTheDocument();
  });

  it('redirects /account/billing and below to edit-profile without the flag', async () => {
    signInAs({ username: 'u', isPM: true });
    mockRoutes({ 'GET /api/feature_flags': () => ({ body: { BILLING_UI: false } }) });
    render(open('/account/billing/invoices/7'));
    await waitFor(() => expect(location()).toBe('/account/edit-profile'));
  });

  it('lets the billing pages through only with the flag and a program manager', async () => {
    signInAs({ username: 'u', isPM: true });
    mockRoutes({ 'GET /api/feature_flags': () => ({ body: { BILLING_UI: true } }) });
    const first = render(open('/account/billing', 'Billing pages'));
    expect(await screen.findByText('Billing pages')).toBeInTheDocument();
    first.unmount();

    signInAs({ username: 'u', isPM: false });
    render(open('/account/billing', 'Billing pages'));
    await waitFor(() => expect(location()).toBe('/account/edit-profile'));
    expect(screen.queryByText('Billing pages')).not.toBeInTheDocument();
  });
});
