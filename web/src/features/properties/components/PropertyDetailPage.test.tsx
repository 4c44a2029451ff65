import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PropertyDetail } from '../../../api/types';
import { sessionStore } from '../../../api/session';
import { mockRoutes, renderRoute, signInAs, type MockResponse, type RecordedCall } from '../../../test/utils';
import { CATALOG, JUNIPER, STATES, builderDetail } from '../testFixtures';
import PropertyDetailPage from './PropertyDetailPage';

function open(detail: PropertyDetail = JUNIPER, extra: Parameters<typeof mockRoutes>[0] = {}) {
  const calls = mockRoutes({
    'GET /api/catalog': () => ({ body: CATALOG }),
    'GET /api/states': () => ({ body: STATES }),
    'GET /api/properties/70': () => ({ body: detail }),
    'GET /api/builders/5/detail': () => ({ body: builderDetail({ is_rental: detail.is_rental }) }),
    'GET /api/communities/builder/5': () => ({ body: [{ id: 12, name: 'Oak Ridge' }] }),
    'POST /api/properties/70': () => ({ body: { message: 'Updated successfully' } }),
    'PATCH /api/properties/70/retire': () => ({ body: { message: 'Updated successfully' } }),
    ...extra,
  });
  renderRoute(<PropertyDetailPage />, { path: '/properties/:propertyId', route: '/properties/70' });
  return calls;
}

const card = () => screen.getByRole('form', { name: 'Property info' });
const save = () => userEvent.click(within(card()).getByRole('button', { name: 'Save' }));
const saved = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/api/properties/70');

describe('PropertyDetailPage info card', { timeout: 60_000 }, () => {
  it('says what Locate found and the coordinates it set, or that it found none and changed nothing', async () => {
    let answer = { lat: 30.2672, lng: -97.7431 };
    open(JUNIPER, { 'POST /api/properties/coordinates': () => ({ body: answer }) });
    await screen.findByRole('heading', { name: 'Lot 10 · 100 Juniper Lane, Austin' });
    const latitude = within(card()).getByLabelText(/^Latitude/);
    await userEvent.click(within(card()).getByRole('button', { name: /Locate/ }));
    const status = await within(card()).findByRole('status');
    expect(status).toHaveTextContent('Found 10 100 Juniper Lane, Austin, TX: latitude 30.2672, longitude -97.7431');
    expect(latitude).toHaveValue('30.2672');

    answer = { lat: 0, lng: 0 };
    await userEvent.click(within(card()).getByRole('button', { name: /Locate/ }));
    await waitFor(() => expect(within(card()).getByRole('status')).toHaveTextContent('No coordinates were found'));
    expect(latitude).toHaveValue('30.2672');
  });

  it('shows read-only values as read-only', async () => {
    open(JUNIPER);
    await screen.findByRole('heading', { name: 'Lot 10 · 100 Juniper Lane, Austin' });
    const url = within(card()).getByRole('textbox', { name: 'Public page URL' });
    expect(url).toHaveAttribute('readonly');
    expect(url).toHaveAttribute('aria-readonly', 'true');
    expect(url.closest('.MuiFilledInput-root')).not.toBeNull();
    // Editable fields keep the outlined look.
    expect(
      within(card())
        .getByLabelText(/^Latitude/)
        .closest('.MuiOutlinedInput-root'),
    ).not.toBeNull();
  });

  it('blocks the save on a blank number and shows the card messages', async () => {
    const calls = open();
    await screen.findByRole('heading', { name: 'Lot 10 · 100 Juniper Lane, Austin' });
    await userEvent.clear(within(card()).getByLabelText(/^Bedrooms/));
    await userEvent.clear(within(card()).getByLabelText(/^Latitude/));
    await save();
    expect(await screen.findByText('Bedrooms is required')).toBeInTheDocument();
    expect(screen.getByText('Latitude is required')).toBeInTheDocument();
    expect(saved(calls)).toHaveLength(0);
  });

  it('clears the alarm fields when the alarm is off, restores them when on, and clears unchecked notes', async () => {
    const calls = open();
    await screen.findByRole('heading', { name: /Juniper/ });
    const alarm = within(card()).getByRole('switch', { name: 'Alarm' });
    expect(within(card()).getByLabelText('Alarm Company')).toHaveValue('SafeHome');
    await userEvent.click(alarm);
    expect(within(card()).queryByLabelText('Alarm Company')).not.toBeInTheDocument();
    await userEvent.click(alarm);
    expect(within(card()).getByLabelText('Alarm Company')).toHaveValue('SafeHome');
    await userEvent.click(alarm);
    await userEvent.click(within(card()).getByRole('checkbox', { name: 'Access Notes' }));
    expect(within(card()).queryByLabelText('Notes')).not.toBeInTheDocument();
    await save();
    await waitFor(() => expect(saved(calls)).toHaveLength(1));
    expect(saved(calls)[0].body).toMatchObject({
      alarm: false,
      alarm_company: null,
      disarm_code: null,
      access_notes: null,
      contract_date: null,
      bedrooms: 2,
      // The codes only repeat the community's: they are sent empty, to keep following it.
      property_backup_code: '',
      agents: [{ agentUsername: 'paula.pm', is_project_manager: true }],
    });
  });

  it('offers Rented only in rental mode, asks the contract date for Sold and retires the property', async () => {
    const calls = open();
    await screen.findByRole('heading', { name: /Juniper/ });
    expect(within(card()).queryByLabelText('Contract Date')).not.toBeInTheDocument();
    await userEvent.click(within(card()).getByRole('combobox', { name: 'Status' }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Accessible', 'Sold', 'Created', 'Staff Access']);
    await userEvent.click(screen.getByRole('option', { name: 'Sold' }));
    await userEvent.type(within(card()).getByLabelText('Contract Date'), '2026-12-01');
    await save();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/properties/70/retire')).toBe(true));
    expect(saved(calls)[0].body).toMatchObject({ disposition_id: 13, contract_date: '2026-12-01' });
    const order = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(order).toEqual(['POST /api/properties/70', 'PATCH /api/properties/70/retire']);
  });

  it("gives staff who are not managers the second list, still showing the home's own status", async () => {
    signInAs({ username: 'sam.sales', builderId: 5, isPM: false, userRoleId: 2 });
    open({ ...JUNIPER, disposition_id: 15 });
    await screen.findByRole('heading', { name: /Juniper/ });
    expect(within(card()).getByText('Other statuses are set by a property manager')).toBeInTheDocument();
    await userEvent.click(within(card()).getByRole('combobox', { name: 'Status' }));
    const listbox = within(screen.getByRole('listbox'));
    expect(listbox.getAllByRole('option').map((o) => o.textContent)).toEqual(['Accessible', 'Created', 'Staff Access']);
    expect(listbox.getByRole('option', { name: 'Created' })).toHaveAttribute('aria-disabled', 'true');
    expect(listbox.getByRole('option', { name: 'Staff Access' })).not.toHaveAttribute('aria-disabled');
    sessionStore.clear();
  });

  it('offers Rented to a rental builder', async () => {
    open({ ...JUNIPER, is_rental: true });
    await screen.findByRole('heading', { name: /Juniper/ });
    await userEvent.click(within(card()).getByRole('combobox', { name: 'Status' }));
    expect(within(screen.getByRole('listbox')).getByRole('option', { name: 'Rented' })).toBeInTheDocument();
  });

  it('shows a failed load with Retry', async () => {
    let fail = true;
    mockRoutes({
      'GET /api/catalog': () => ({ body: CATALOG }),
      'GET /api/states': () => ({ body: STATES }),
      'GET /api/properties/70': () => (fail ? { status: 500, body: { message: 'Database down' } } : { body: JUNIPER }),
      'GET /api/builders/5/detail': () => ({ body: builderDetail() }),
      'GET /api/communities/builder/5': () => ({ body: [] }),
    });
    renderRoute(<PropertyDetailPage />, { path: '/properties/:propertyId', route: '/properties/70' });
    expect(await screen.findByText('The property could not be loaded: Database down')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: /Juniper/ })).toBeInTheDocument();
  });
});

describe('PropertyDetailPage staff tab', { timeout: 60_000 }, () => {
  it('does not let the user remove themselves', async () => {
    signInAs({ username: 'paula.pm', builderId: 5 });
    mockRoutes({
      'GET /api/catalog': () => ({ body: CATALOG }),
      'GET /api/states': () => ({ body: STATES }),
      'GET /api/properties/70': () => ({ body: JUNIPER }),
      'GET /api/builders/5/detail': () => ({ body: builderDetail() }),
      'GET /api/communities/builder/5': () => ({ body: [] }),
      'GET /api/available_agents/5': () => ({ body: [] }),
      'GET /api/teams/builder/5': () => ({ body: [] }),
    });
    renderRoute(<PropertyDetailPage />, { path: '/properties/:propertyId', route: '/properties/70?tab=staff' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Paula Manning' }));
    expect(await screen.findByText('You cannot remove yourself')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Assigned agents' })).toHaveTextContent('Paula Manning');
  });
});

describe('PropertyDetailPage hardware', { timeout: 60_000 }, () => {
  const WITH_DEVICES: PropertyDetail = {
    ...JUNIPER,
    hub_id: 31,
    hub_type: 'kwikset',
    smart_lock_serial_number: 'SL0041',
    wifi_thermostat_serial_number: 'WT0051',
    timezoneValue: 'America/Chicago',
  };
  const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

  it('offers the hardware tabs of the devices the home has', async () => {
    open(WITH_DEVICES);
    await screen.findByRole('heading', { name: /Juniper/ });
    expect(tabNames()).toEqual([
      'Timeline',
      'Staff',
      'Automations',
      'Tour hours',
      'Gallery',
      'Hub',
      'Access history (Beta)',
      'Smart Lock',
      'Wifi Thermostat',
    ]);
  });

  it('offers Access history for a smart lock alone, and no hardware tab without devices', async () => {
    open({ ...JUNIPER, smart_lock_serial_number: 'SL0041' });
    await screen.findByRole('heading', { name: /Juniper/ });
    expect(tabNames().slice(5)).toEqual(['Access history (Beta)', 'Smart Lock']);
    cleanup();
    open();
    await screen.findByRole('heading', { name: /Juniper/ });
    expect(tabNames()).toHaveLength(5);
  });

  it("syncs the home's codes: the summary as a success, spinning meanwhile", async () => {
    let answer: (value: MockResponse) => void = () => {};
    const calls = open(WITH_DEVICES, {
      'PATCH /api/hubs/automationCodes': () => new Promise<MockResponse>((resolve) => (answer = resolve)),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Automations' }));
    const sync = screen.getByRole('button', { name: 'Sync Codes Now' });
    await userEvent.click(sync);
    expect(sync).toBeDisabled();
    expect(within(sync).getByRole('progressbar', { name: 'Syncing' })).toBeInTheDocument();
    answer({ body: { message: '2 of 2 devices updated', results: [result(11, true), result(12, true)] } });
    expect(await screen.findByText('2 of 2 devices updated')).toBeInTheDocument();
    expect(sync).toBeEnabled();
    expect(screen.queryByRole('list', { name: 'Sync results' })).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/hubs/automationCodes')?.body).toEqual({
      propertyId: 70,
      deviceId: 31,
      communityCode: '482910',
      tradeCode: '5120',
      salesCode: '7340',
      builderName: 'Brightway Homes',
    });
    // The access settings stay on the tab.
    expect(screen.getByRole('switch', { name: 'Access Settings' })).toBeInTheDocument();
  });

  it('lists each lock when some were not updated, through the smart lock path for a smart lock alone', async () => {
    const message = '1 of 2 devices updated; 1 failed: Front door (KW0100002): The device is offline';
    const calls = open(
      { ...JUNIPER, smart_lock_serial_number: 'SL0041' },
      {
        'PATCH /api/smart-locks/automationCodes': () => ({
          body: { message, results: [result(11, true), result(12, false, 'The device is offline')] },
        }),
      },
    );
    await userEvent.click(await screen.findByRole('tab', { name: 'Automations' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sync Codes Now' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Sync results' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Front door (KW0100002)')).toBeInTheDocument();
    expect(within(list).getByText('The device is offline')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/smart-locks/automationCodes')?.body).toMatchObject({
      deviceId: 'SL0041',
    });
  });
});

describe('PropertyDetailPage staffed model access settings', { timeout: 60_000 }, () => {
  it('turns the settings on at their defaults, changes them and saves them with the home', async () => {
    const calls = open({ ...JUNIPER, access_settings: false, relock_interval: null, end_of_day_lockup: null });
    await userEvent.click(await screen.findByRole('tab', { name: 'Automations' }));
    const settings = screen.getByRole('region', { name: 'Staffed Model Access Settings' });
    expect(within(settings).queryByRole('combobox', { name: 'Relock Interval' })).not.toBeInTheDocument();
    await userEvent.click(within(settings).getByRole('switch', { name: 'Access Settings' }));
    expect(within(settings).getByRole('combobox', { name: 'Relock Interval' })).toHaveTextContent('15 min');
    expect(within(settings).getByRole('combobox', { name: 'End Of Day Lockup' })).toHaveTextContent('10:00 PM');
    await userEvent.click(within(settings).getByRole('combobox', { name: 'Relock Interval' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: '25 min' }));
    await userEvent.click(within(settings).getByRole('combobox', { name: 'End Of Day Lockup' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: '9:00 PM' }));
    await userEvent.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    expect(saved(calls).at(-1)?.body).toMatchObject({
      access_settings: true,
      relock_interval: 25,
      end_of_day_lockup: '9:00 PM',
    });
  });
});

function result(id: number, updated: boolean, error: string | null = null) {
  return {
    device_id: id,
    serial_number: `KW01000${String(id - 10).padStart(2, '0')}`,
    name: 'Front door',
    property_id: 70,
    updated,
    error,
  };
}

describe('PropertyDetailPage unsaved edits', { timeout: 60_000 }, () => {
  it('marks a tab holding edits, asks before switching away from it, and forgets nothing once saved', async () => {
    const user = userEvent.setup();
    const calls = open({ ...JUNIPER, access_settings: false, relock_interval: null, end_of_day_lockup: null });
    await user.click(await screen.findByRole('tab', { name: 'Automations' }));
    const panel = () => screen.getByRole('tabpanel');
    expect(within(panel()).queryByText('Unsaved changes')).not.toBeInTheDocument();
    await user.click(within(panel()).getByRole('switch', { name: 'Access Settings' }));
    expect(within(panel()).getByText('Unsaved changes')).toBeInTheDocument();

    // Stay keeps the tab and its edits.
    await user.click(screen.getByRole('tab', { name: 'Staff' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(ask).toHaveTextContent('Your changes to the automations are not saved.');
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(panel()).getByRole('switch', { name: 'Access Settings' })).toBeChecked();

    // The info card's edits do not live on a tab: switching tabs keeps them without asking.
    await user.click(within(panel()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    expect(saved(calls)).toHaveLength(1);
    await waitFor(() => expect(within(panel()).queryByText('Unsaved changes')).not.toBeInTheDocument());
    await user.clear(within(card()).getByLabelText(/^Bedrooms/));
    await user.type(within(card()).getByLabelText(/^Bedrooms/), '5');
    expect(within(card()).getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Staff' }));
    expect(screen.getByRole('tab', { name: 'Staff' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(card()).getByLabelText(/^Bedrooms/)).toHaveValue('5');

    // Leaving the page with them asks; Discard changes leaves.
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    const leave = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(leave).toHaveTextContent('Your changes to the property details are not saved.');
    await user.click(within(leave).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/properties$/));
  });
});
