import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HubRow, LockRow, SmartLockRow, WifiThermostatRow } from '../../../../api/types';
import { mockRoutes, renderRoute, signInAs, type MockResponse, type RecordedCall } from '../../../../test/utils';
import InventoryPage from './InventoryPage';

const OAK = { house_num: '12', address_1: '100 Oak Lane', city: 'Austin', state: 'TX', community_name: 'Oak Ridge' };
/** Another builder's device: the server leaves out where it is. */
const HIDDEN = { house_num: null, address_1: null, city: null, state: null, community_name: null, property_id: null };

const HUB: HubRow = {
  id: 1,
  builder_id: 1,
  serial_number: 'SEAM0001',
  hub_type: 'seam',
  name: 'Front door',
  property_id: 41,
  online: true,
  device_count: 1,
  ...OAK,
};
const SMART_LOCK: SmartLockRow = {
  id: 2,
  builder_id: 2,
  serial_number: 'SL0002',
  name: 'Back door',
  smart_lock_type_id: 'seam',
  smart_lock_status_value: 'Active',
  online: false,
  battery: 0.5,
  locked: true,
  ...HIDDEN,
};
const THERMOSTAT: WifiThermostatRow = {
  id: 3,
  builder_id: 1,
  wifi_thermostat_serial_number: 'WT0003',
  name: 'Hall',
  property_id: 41,
  online: true,
  temperature: 21,
  ...OAK,
};
const lock = (id: number, serial: string, extra: Partial<LockRow> = {}): LockRow => ({
  id,
  builder_id: 1,
  serial_number: serial,
  manufacturer: 'Igloo',
  version: '2',
  lock_status_value: 'Active',
  lock_shipment_status: 'Received',
  license_date: null,
  license_start_date: null,
  licensee: null,
  hub_id: null,
  online: true,
  battery: 0.85,
  locked: true,
  property_id: 41,
  ...OAK,
  ...extra,
});
const DOWN_IGK = lock(4, 'IGK0100', { lock_status_value: 'Down' });
const KWIKSET = lock(5, 'KW0200', { manufacturer: 'Kwikset' });
const RETURNED = lock(6, 'KW0300', { lock_shipment_status: 'To be returned', property_id: null });

const page = <T,>(data: T[], total = data.length) => ({ body: { data, total } });
const LOCK_STATUSES = ['Active', 'Down'].map((name, i) => ({
  catalog_id: 70 + i,
  catalog_type_id: 7,
  name,
  value: name,
  description: name,
}));

interface World {
  hubs?: HubRow[];
  smartLocks?: SmartLockRow[];
  thermostats?: WifiThermostatRow[];
  locks?: (call: RecordedCall) => MockResponse;
  returned?: LockRow[];
  extra?: Parameters<typeof mockRoutes>[0];
}

function renderInventory(world: World = {}, route = '/inventory') {
  signInAs({ username: 'demo.pm', builderId: 1 });
  const calls = mockRoutes({
    'GET /api/hubs': () => page(world.hubs ?? [HUB]),
    'GET /api/smart-locks': () => page(world.smartLocks ?? [SMART_LOCK]),
    'GET /api/wifi-thermostats': () => page(world.thermostats ?? [THERMOSTAT]),
    'GET /api/locks': (call) =>
      query(call).get('returned') === 'true'
        ? page(world.returned ?? [])
        : (world.locks?.(call) ?? page([DOWN_IGK, KWIKSET])),
    'GET /api/catalog': () => ({ body: LOCK_STATUSES }),
    'GET /api/locks/community': () => ({ body: [{ id: 7, name: 'Oak Ridge' }] }),
    ...world.extra,
  });
  renderRoute(<InventoryPage />, { path: '/inventory', route });
  return calls;
}

const query = (call: RecordedCall) => new URLSearchParams(call.search);
const callsTo = (calls: RecordedCall[], path: string, returned?: string) =>
  calls.filter(
    (c) => c.method === 'GET' && c.path === path && (returned === undefined || query(c).get('returned') === returned),
  );
const card = (serial: string) => screen.getByText(serial).closest<HTMLElement>('.MuiCard-root')!;

function captureDownloads() {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:inventory');
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

afterEach(() => vi.restoreAllMocks());

describe('InventoryPage', () => {
  it('shows every kind of device as a card, with its state and where it is', async () => {
    const calls = renderInventory();
    expect(await screen.findByText('IGK0100')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search inventory by device ID')).toBeInTheDocument();

    const hub = card('SEAM0001');
    expect(within(hub).getByText('Wifi Lock')).toBeInTheDocument();
    expect(within(hub).getByText('Online')).toBeInTheDocument();
    expect(within(hub).getByText('Lot 12 · 100 Oak Lane, Austin, TX · Oak Ridge')).toBeInTheDocument();
    expect(within(hub).getByRole('link', { name: 'Property 41' })).toHaveAttribute('href', '/properties/41');

    // Another builder's smart lock: no location, no property.
    const smart = card('SL0002');
    expect(within(smart).getByText('Offline')).toBeInTheDocument();
    expect(within(smart).getByText('Battery 50%')).toBeInTheDocument();
    expect(within(smart).queryByRole('link')).not.toBeInTheDocument();
    expect(within(smart).queryByText(/Oak Lane/)).not.toBeInTheDocument();

    expect(within(card('WT0003')).getByText('Wifi Thermostat')).toBeInTheDocument();

    // Locks open their details; a Down status is red; IGK serials carry that maker's key.
    const igk = card('IGK0100');
    expect(within(igk).getByRole('link', { name: 'IGK0100' })).toHaveAttribute('href', '/inventory/IGK0100');
    expect(within(igk).getByText('Down').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    expect(within(igk).getByText('Received')).toBeInTheDocument();
    expect(within(igk).getByText('Battery 85%')).toBeInTheDocument();
    expect(within(igk).getByTitle('IGK lock')).toBeInTheDocument();
    const kwikset = card('KW0200');
    expect(within(kwikset).queryByTitle('IGK lock')).not.toBeInTheDocument();
    expect(within(kwikset).getByText('Active').closest('.MuiChip-root')).not.toHaveClass('MuiChip-colorError');

    // No returned locks: no Returned Locks panel.
    await waitFor(() => expect(callsTo(calls, '/api/locks', 'true')).toHaveLength(1));
    expect(screen.queryByText('Returned Locks')).not.toBeInTheDocument();
    expect(screen.getByText('Current Inventory')).toBeInTheDocument();
    expect(callsTo(calls, '/api/locks', 'false')).toHaveLength(1);
    expect(screen.queryByText('No record exist!')).not.toBeInTheDocument();
  });

  it('shows Returned Locks when there are some, each panel exporting its own locks', async () => {
    const saved = captureDownloads();
    const calls = renderInventory({
      returned: [RETURNED],
      extra: { 'POST /api/locks/exportAll': () => ({ body: 'Lock ID\n' }) },
    });
    const returnedPanel = (await screen.findByText('Returned Locks')).closest<HTMLElement>('.MuiAccordion-root')!;
    expect(within(returnedPanel).getByText('KW0300')).toBeInTheDocument();
    const currentPanel = screen.getByText('Current Inventory').closest<HTMLElement>('.MuiAccordion-root')!;
    expect(within(currentPanel).queryByText('KW0300')).not.toBeInTheDocument();

    await userEvent.click(within(returnedPanel).getByRole('button', { name: 'Export All' }));
    await waitFor(() => expect(saved).toEqual(['returned-locks-export.csv']));
    await userEvent.click(within(currentPanel).getByRole('button', { name: 'Export All' }));
    await waitFor(() => expect(saved).toEqual(['returned-locks-export.csv', 'inventory-export.csv']));
    const exports = calls.filter((c) => c.path === '/api/locks/exportAll');
    expect(exports.map((c) => new URLSearchParams((c.body as { query: string }).query).get('returned'))).toEqual([
      'true',
      'false',
    ]);
  });

  it('keeps the filters in the address and sends the locks filters to the locks lists', async () => {
    const calls = renderInventory();
    await screen.findByText('IGK0100');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const menu = screen.getByRole('dialog', { name: 'Filters' });
    await userEvent.click(within(menu).getByRole('combobox', { name: 'Lock status' }));
    // The lock statuses and the extra shipment words.
    expect(screen.getByRole('option', { name: 'To be returned' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Down' }));
    await userEvent.click(within(menu).getByRole('combobox', { name: 'Community' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Oak Ridge' }));
    await userEvent.click(within(menu).getByRole('button', { name: 'Apply' }));

    await waitFor(() => {
      const url = new URLSearchParams(screen.getByTestId('location').textContent!.split('?')[1]);
      expect(url.get('lockStatus')).toBe('Down');
      expect(url.get('community')).toBe('7');
    });
    await waitFor(() => {
      const last = callsTo(calls, '/api/locks', 'false').at(-1)!;
      expect(query(last).get('lockStatus')).toBe('Down');
      expect(query(last).get('community')).toBe('7');
    });
    expect(query(callsTo(calls, '/api/locks', 'true').at(-1)!).get('lockStatus')).toBe('Down');
    // The other lists take no lock filters.
    expect(query(callsTo(calls, '/api/hubs').at(-1)!).has('lockStatus')).toBe(false);
  });

  it('restores the filters and search from the address, and searches as typed', async () => {
    const calls = renderInventory({}, '/inventory?lockStatus=Installed&shipmentStatus=Shipped');
    await screen.findByText('IGK0100');
    const first = callsTo(calls, '/api/locks', 'false')[0];
    expect(query(first).get('lockStatus')).toBe('Installed');
    expect(query(first).get('shipmentStatus')).toBe('Shipped');
    expect(screen.getByRole('button', { name: 'Filter' }).parentElement).toHaveTextContent('2');

    await userEvent.type(screen.getByPlaceholderText('Search inventory by device ID'), 'IGK');
    await waitFor(() => expect(query(callsTo(calls, '/api/hubs').at(-1)!).get('search')).toBe('IGK'));
    expect(query(callsTo(calls, '/api/locks', 'false').at(-1)!).get('search')).toBe('IGK');
    expect(screen.getByTestId('location')).toHaveTextContent('search=IGK');
  });

  it('pages each list on its own when it has more than one page', async () => {
    const calls = renderInventory({ locks: () => page([DOWN_IGK, KWIKSET], 60) });
    const locks = await screen.findByRole('region', { name: 'Locks' });
    expect(within(locks).getByTestId('pager-showing')).toHaveTextContent('Showing 1-25 of 60');
    expect(screen.getAllByTestId('pager-showing')).toHaveLength(1);
    await userEvent.click(within(locks).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(query(callsTo(calls, '/api/locks', 'false').at(-1)!).get('page')).toBe('1'));
    expect(callsTo(calls, '/api/hubs').every((c) => query(c).get('page') === '0')).toBe(true);
  });

  it('says No record exist! when nothing matches', async () => {
    renderInventory({ hubs: [], smartLocks: [], thermostats: [], locks: () => page([]) });
    expect(await screen.findByText('No record exist!')).toBeInTheDocument();
  });

  it('shows a list that failed to load with Retry', async () => {
    let fail = true;
    renderInventory({
      extra: {
        'GET /api/hubs': () => (fail ? { status: 500, body: { message: 'Hubs are resting' } } : page([HUB])),
      },
    });
    expect(await screen.findByText('Hubs could not be loaded: Hubs are resting')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('SEAM0001')).toBeInTheDocument();
  });

  it('registers a New Device: server field errors on their fields, then the server message', async () => {
    const calls = renderInventory({
      extra: {
        'POST /api/locks': (call) =>
          (call.body as { lock_id: string }).lock_id === 'IGK0100'
            ? {
                status: 422,
                body: {
                  message: 'Validation failed',
                  errors: { lock_id: 'A device with this Lock ID already exists' },
                },
              }
            : { status: 201, body: { message: 'Device is created', id: 9, serial_number: 'IGK0999' } },
      },
    });
    await screen.findByText('IGK0100');
    await userEvent.click(screen.getByRole('button', { name: 'New Device' }));
    const dialog = screen.getByRole('dialog', { name: 'New Device' });
    for (const label of [
      'Secret ID',
      'Battery Change Date',
      'Lock Version',
      'Licensee',
      'Lock Status',
      'Email',
      'Manufacturer',
      'Purchase Date',
      'License Start Date',
      'Comments',
    ])
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Lock ID is required')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText(/Lock ID/), 'IGK0100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A device with this Lock ID already exists')).toBeInTheDocument();

    const lockCalls = callsTo(calls, '/api/locks').length;
    await userEvent.clear(within(dialog).getByLabelText(/Lock ID/));
    await userEvent.type(within(dialog).getByLabelText(/Lock ID/), 'IGK0999');
    fireEvent.change(within(dialog).getByLabelText('Purchase Date'), { target: { value: '2026-01-15' } });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Lock Status' }));
    await userEvent.click(screen.getByRole('option', { name: 'unlocked' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Device is created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Device' })).not.toBeInTheDocument());
    const sent = calls.filter((c) => c.method === 'POST' && c.path === '/api/locks').at(-1)!.body;
    expect(sent).toMatchObject({
      lock_id: 'IGK0999',
      lock_status: 'unlocked',
      purchase_date: '01/15/2026',
      email: null,
    });
    // The lock lists are asked again.
    await waitFor(() => expect(callsTo(calls, '/api/locks').length).toBeGreaterThan(lockCalls));
  });
});
