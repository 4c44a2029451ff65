import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LockRecord } from '../../../../api/types';
import { mockRoutes, renderRoute, signInAs } from '../../../../test/utils';
import LockDetailsPage from './LockDetailsPage';

const RECORD: LockRecord = {
  id: 4,
  builder_id: 1,
  serial_number: 'IGK0100',
  manufacturer: 'Igloo',
  version: '2.1',
  lock_status_value: 'Active',
  lock_shipment_status: 'Received',
  license_date: '2026-01-15',
  license_start_date: '2026-01-15',
  licensee: 'Brightway Homes',
  secret_id: 's3cret',
  purchase_date: null,
  battery_change_date: null,
  email: null,
  comments: null,
  community_name: 'Oak Ridge',
  house_num: '12',
  address_1: '100 Oak Lane',
  city: 'Austin',
  state: 'TX',
  property_id: 41,
  hub_id: null,
  online: true,
  battery: 0.9,
  locked: true,
};

const renderLock = (route: string) => renderRoute(<LockDetailsPage />, { path: '/inventory/:lockSerial', route });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('LockDetailsPage', () => {
  it('shows the lock record read-only, with the Inventory back button', async () => {
    signInAs({ username: 'demo.pm', builderId: 1 });
    mockRoutes({ 'GET /api/locks/IGK0100': () => ({ body: RECORD }) });
    renderLock('/inventory/IGK0100');
    expect(await screen.findByText('View record IGK0100')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Locks' })).toBeInTheDocument();
    expect(field('Location').value).toBe('Lot 12 · 100 Oak Lane, Austin, TX · Oak Ridge');
    expect(field('Lock ID').value).toBe('IGK0100');
    expect(field('Lock Status').value).toBe('Active');
    expect(field('Lock Version').value).toBe('2.1');
    expect(field('Manufacturer').value).toBe('Igloo');
    expect(field('License start date').value).toBe('01/15/2026');
    expect(field('Licensee').value).toBe('Brightway Homes');
    expect(field('Lock ID')).toHaveAttribute('readonly');

    await userEvent.click(screen.getByRole('button', { name: 'Inventory' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/inventory$/);
  });

  it('renders only a record whose serial is the one in the address', async () => {
    signInAs({ username: 'demo.pm', builderId: 1 });
    const calls = mockRoutes({ 'GET /api/locks/IGK0100': () => ({ body: { ...RECORD, serial_number: 'IGK0999' } }) });
    renderLock('/inventory/IGK0100');
    await waitFor(() => expect(calls).toHaveLength(1));
    // Give the answer time to arrive: it is for another serial, so nothing is shown.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText(/View record/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Lock ID')).not.toBeInTheDocument();
  });

  it('shows the not-found page for an unknown lock (or another builder’s)', async () => {
    signInAs({ username: 'demo.pm', builderId: 1 });
    mockRoutes({ 'GET /api/locks/NOPE': () => ({ status: 404, body: { message: 'Not found' } }) });
    renderLock('/inventory/NOPE');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });
});
