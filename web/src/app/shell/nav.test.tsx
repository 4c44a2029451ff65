import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockRoutes, renderRoute, signInAs } from '../../test/utils';
import { Sidebar } from './Sidebar';

function renderSidebar(hasAccount: boolean, user: Parameters<typeof signInAs>[0] = { username: 'demo.pm' }) {
  signInAs(user);
  const calls = mockRoutes({ 'GET /api/hubs/adc-account': () => ({ body: { hasAccount, accounts: [] } }) });
  renderRoute(
    <Sidebar hoverOpen onHoverChange={() => {}} mobileOpen={false} onMobileClose={() => {}} isMobile={false} />,
  );
  return calls;
}

describe('the Hardware group of the sidebar', () => {
  it('lists Hardware List, History and, with an alarm account, Alarm', async () => {
    renderSidebar(true);
    // The file's first render loads the whole sidebar: give it the time a busy machine takes.
    expect(await screen.findByRole('link', { name: 'Alarm' }, { timeout: 5000 })).toHaveAttribute('href', '/devices');
    expect(screen.getByRole('link', { name: 'Hardware List' })).toHaveAttribute('href', '/inventory');
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/inventory-history');
  });

  it('leaves Alarm out without an alarm account', async () => {
    const calls = renderSidebar(false);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/hubs/adc-account')).toBe(true));
    await screen.findByRole('link', { name: 'Hardware List' });
    expect(screen.queryByRole('link', { name: 'Alarm' })).not.toBeInTheDocument();
  });

  it('shows Alarm to other staff, whom the inventory is not for', async () => {
    renderSidebar(true, { username: 'other.staff', isPM: false, userRoleId: 1 });
    expect(await screen.findByRole('link', { name: 'Alarm' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Hardware List' })).not.toBeInTheDocument();
  });
});

describe('the offers entry of the sidebar', () => {
  it('reads Ready to Buy for builders selling homes', async () => {
    renderSidebar(false);
    expect(await screen.findByRole('link', { name: 'Ready to Buy' })).toHaveAttribute('href', '/offers');
    expect(screen.queryByRole('link', { name: 'Ready to Rent' })).not.toBeInTheDocument();
  });

  it('reads Ready to Rent for rental accounts', async () => {
    renderSidebar(false, { username: 'rental.pm', isRental: true });
    expect(await screen.findByRole('link', { name: 'Ready to Rent' })).toHaveAttribute('href', '/offers');
    expect(screen.queryByRole('link', { name: 'Ready to Buy' })).not.toBeInTheDocument();
  });
});
