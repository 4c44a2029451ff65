import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlarmDeviceRow } from '../../../../api/types';
import { mockRoutes, renderRoute, signInAs, type RecordedCall } from '../../../../test/utils';
import AlarmDevicesPage from './AlarmDevicesPage';

const ATTACHED: AlarmDeviceRow = {
  CustomerId: 9002,
  UnitDescription: 'Front Panel',
  builder_id: 5,
  property_id: 70,
  lot_number: '10',
  community_name: 'Oak Ridge',
  address_1: '100 Juniper Lane',
  hub_id: 3,
};
const AVAILABLE: AlarmDeviceRow = {
  CustomerId: 9001,
  UnitDescription: 'Garage Unit 2',
  builder_id: 5,
  property_id: null,
  lot_number: null,
  community_name: null,
  address_1: null,
  hub_id: null,
};

const card = (customerId: number) =>
  screen.getByText(`Customer ID ${customerId}`).closest<HTMLElement>('.MuiCard-root')!;
const devicesCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/hubs/adc-devices');

afterEach(() => vi.restoreAllMocks());

describe('AlarmDevicesPage', () => {
  it('lists the units newest first as Attached or Available cards, with their count', async () => {
    signInAs({ username: 'demo.pm', builderId: 5 });
    const calls = mockRoutes({
      'GET /api/hubs/adc-devices': () => ({ body: { data: [ATTACHED, AVAILABLE], total: 2 } }),
    });
    renderRoute(<AlarmDevicesPage />, { path: '/devices', route: '/devices' });
    expect(await screen.findByText('Customer ID 9002')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Alarm Devices' })).toBeInTheDocument();
    expect(screen.getByLabelText('Alarm devices count')).toHaveTextContent('2');
    const first = new URLSearchParams(devicesCalls(calls)[0].search);
    expect(first.get('orderBy')).toBe('CustomerId');
    expect(first.get('order')).toBe('desc');
    expect(screen.getByTestId('location')).toHaveTextContent('orderBy=CustomerId');

    const attached = card(9002);
    expect(within(attached).getByText('Attached')).toBeInTheDocument();
    expect(within(attached).getByText('Front Panel')).toBeInTheDocument();
    expect(within(attached).getByRole('link', { name: '70' })).toHaveAttribute('href', '/properties/70');
    expect(attached).toHaveTextContent('Lot Number: 10');
    expect(attached).toHaveTextContent('Community: Oak Ridge');
    expect(within(attached).getByRole('button', { name: 'Mark as sold' })).toBeInTheDocument();
    expect(within(attached).queryByRole('link', { name: 'ACTIVATE' })).not.toBeInTheDocument();

    const available = card(9001);
    expect(within(available).getByText('Available')).toBeInTheDocument();
    expect(within(available).queryByText(/Property ID/)).not.toBeInTheDocument();
    expect(within(available).queryByRole('button', { name: 'Mark as sold' })).not.toBeInTheDocument();
    expect(within(available).getByRole('link', { name: 'ACTIVATE' })).toHaveAttribute(
      'href',
      '/devices/9001?name=Garage%20Unit%202',
    );
  });

  it('keeps search and sort in the address and exports all units', async () => {
    signInAs({ username: 'demo.pm', builderId: 5 });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:alarm');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = mockRoutes({
      'GET /api/hubs/adc-devices': () => ({ body: { data: [ATTACHED], total: 1 } }),
      'POST /api/hubs/adc-devices/exportAll': () => ({ body: 'Customer ID\n' }),
    });
    renderRoute(<AlarmDevicesPage />, {
      path: '/devices',
      route: '/devices?search=Front&order=asc&orderBy=UnitDescription',
    });
    await screen.findByText('Customer ID 9002');
    const first = new URLSearchParams(devicesCalls(calls)[0].search);
    expect(first.get('search')).toBe('Front');
    expect(first.get('orderBy')).toBe('UnitDescription');
    expect(first.get('order')).toBe('asc');

    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(screen.getByRole('option', { name: 'Customer ID, lowest first' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('orderBy=CustomerId'));
    expect(screen.getByTestId('location')).toHaveTextContent('order=asc');

    await userEvent.click(screen.getByRole('button', { name: 'Export All' }));
    await waitFor(() => expect(saved).toEqual(['alarm-devices-export.csv']));
    const exported = calls.find((c) => c.path === '/api/hubs/adc-devices/exportAll')!.body as { query: string };
    expect(new URLSearchParams(exported.query).get('search')).toBe('Front');
  });

  it('marks an attached home as sold after confirmation, showing Processing... meanwhile', async () => {
    signInAs({ username: 'demo.pm', builderId: 5 });
    let release = () => {};
    let sold = false;
    const calls = mockRoutes({
      'GET /api/hubs/adc-devices': () => ({
        body: { data: sold ? [{ ...ATTACHED, property_id: null }] : [ATTACHED], total: 1 },
      }),
      'PATCH /api/properties/70/retire': () =>
        new Promise((resolve) => {
          release = () => {
            sold = true;
            resolve({ body: { message: 'Updated successfully' } });
          };
        }),
    });
    renderRoute(<AlarmDevicesPage />, { path: '/devices', route: '/devices' });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as sold' }));

    const dialog = screen.getByRole('dialog', { name: 'Confirm Mark as Sold' });
    expect(within(dialog).getByText('Are you sure you want to mark this property as sold?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Mark as sold' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    const before = devicesCalls(calls).length;
    release();

    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(devicesCalls(calls).length).toBeGreaterThan(before);
    expect(await screen.findByText('Available')).toBeInTheDocument();
  });
});
