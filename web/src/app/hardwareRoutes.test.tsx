import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LocationProbe, mockRoutes, Providers, signInAs } from '../test/utils';
import { AppRoutes } from './router';

const openAt = (route: string) =>
  render(
    <Providers route={route}>
      <AppRoutes />
      <LocationProbe />
    </Providers>,
  );

// The whole shell loads here (lazy chunks): more time than the default.
describe('the hardware routes', () => {
  it('open the alarm devices to any role, and the inventory to USER and PM only', async () => {
    signInAs({ username: 'other.staff', isPM: false, userRoleId: 1 });
    mockRoutes({
      'GET /api/hubs/adc-account': () => ({ body: { hasAccount: true, accounts: [] } }),
      'GET /api/hubs/adc-devices': () => ({ body: { data: [], total: 0 } }),
    });
    const devices = openAt('/devices');
    expect(await screen.findByRole('heading', { name: 'Alarm Devices' }, { timeout: 10_000 })).toBeInTheDocument();
    devices.unmount();

    openAt('/inventory');
    await waitFor(() => expect(screen.getByTestId('location').textContent).not.toMatch(/^\/inventory/), {
      timeout: 10_000,
    });
    expect(screen.queryByRole('heading', { name: 'Inventory' })).not.toBeInTheDocument();
  }, 30_000);

  it('open a lock’s details and the device wizard by their addresses', async () => {
    signInAs({ username: 'demo.pm', builderId: 5 });
    mockRoutes({
      'GET /api/locks/IGK0100': () => ({ status: 404, body: { message: 'Not found' } }),
      'GET /api/communities/builder/5': () => ({ body: [] }),
    });
    const lock = openAt('/inventory/IGK0100');
    expect(await screen.findByText('Page not found', undefined, { timeout: 10_000 })).toBeInTheDocument();
    lock.unmount();

    openAt('/devices/9001?name=Garage');
    expect(await screen.findByRole('heading', { name: 'Select Property' }, { timeout: 10_000 })).toBeInTheDocument();
  }, 30_000);
});
