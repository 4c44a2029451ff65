import { render, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../app/router';
import { LocationProbe, mockRoutes, Providers, signInAs } from '../../../test/utils';
import { billingAvailable } from '../billingAccess';
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

  it('redirects /account/billing and below to edit-profile for now, once the flags are loaded', async () => {
    signInAs({ username: 'u', isPM: true });
    mockRoutes({ 'GET /api/feature_flags': () => ({ body: { BILLING_UI: true } }) });
    render(
      <Providers route="/account/billing/invoices/7">
        <AppRoutes />
        <LocationProbe />
      </Providers>,
    );
    // The shell and the account page are lazy chunks.
    await waitFor(() => expect(location()).toBe('/account/edit-profile'), { timeout: 10_000 });
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
