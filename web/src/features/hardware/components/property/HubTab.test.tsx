import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { HubDevice, HubInfo } from '../../../../api/types';
import { mockRoutes, renderRoute, type MockResponse, type RecordedCall } from '../../../../test/utils';
import { HubTab, MSG_ADC } from './HubTab';
import { HALL_SENSOR, HUB_INFO, PORCH_LIGHT, ZONE, frontDoor } from './testFixtures';
import { zonedInput } from '../../../../lib/zoned';

function open(
  devices: HubDevice[],
  extra: Record<string, (call: RecordedCall) => MockResponse> = {},
  info: HubInfo = HUB_INFO,
) {
  const calls = mockRoutes({
    'GET /api/hubs/31/info': () => ({ body: info }),
    'GET /api/hubs/31/devices': () => ({ body: devices }),
    ...extra,
  });
  renderRoute(<HubTab hubId={31} zone={ZONE} />);
  return calls;
}

const card = (name: string) => screen.getByRole('region', { name });
const sent = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);

async function openDrawer() {
  await userEvent.click(await screen.findByRole('button', { name: 'Open Front door' }));
  return screen.findByRole('dialog', { name: 'Front door' });
}

describe('HubTab', { timeout: 60_000 }, () => {
  it("shows the hub, its first lock's codes and a card per connected device", async () => {
    open([frontDoor(), PORCH_LIGHT, HALL_SENSOR]);
    expect(await screen.findByRole('heading', { name: 'Connected Devices' })).toBeInTheDocument();
    expect(screen.getByText('Online', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('85%', { selector: 'dd' })).toBeInTheDocument();

    const first = card('First lock');
    expect(within(first).getByRole('switch', { name: 'Locked' })).toBeChecked();
    const users = within(first).getByRole('table', { name: 'User codes' });
    expect(within(users).getByText('Owner')).toBeInTheDocument();
    // The master code has its own place in the drawer; the failed trade code shows the lock's words.
    expect(within(users).queryByText('9999')).not.toBeInTheDocument();
    expect(within(users).getByText('The lock refused the code')).toBeInTheDocument();
    const scheduled = within(first).getByRole('table', { name: 'Scheduled codes' });
    expect(within(scheduled).getByText('2026-03-05 9:00 AM')).toBeInTheDocument();
    expect(within(scheduled).getByText('Pending')).toBeInTheDocument();
    expect(within(scheduled).getByText('backup in use')).toBeInTheDocument();

    expect(within(card('Porch light')).getByRole('switch', { name: 'On' })).not.toBeChecked();
    expect(within(card('Porch light')).getByRole('slider', { name: 'Level' })).toHaveValue('40');
    expect(within(card('Hall sensor')).getByText('Offline')).toBeInTheDocument();
    expect(within(card('Hall sensor')).getByText('Last read 2026-03-02 9:00 AM')).toBeInTheDocument();
  });

  it('says when the hub has no devices', async () => {
    open([]);
    expect(await screen.findByText("Hub doesn't have devices")).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'First lock' })).not.toBeInTheDocument();
  });

  it('gives an Alarm.com hub no controls', async () => {
    const calls = open([frontDoor()], {}, { ...HUB_INFO, hub_type: 'adc', hub_type_label: 'adc', is_adc: true });
    expect(await screen.findByText(MSG_ADC)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reboot Hub' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/hubs/31/devices')).toBe(false);
  });

  it('sends the opposite status, toasts the answer and reads the devices again', async () => {
    const calls = open([frontDoor()], {
      'PATCH /api/hubs/31/lock/status': () => ({
        body: { message: 'Lock is unlocked', device: frontDoor({ status: 'unlocked' }) },
      }),
    });
    const first = await screen.findByRole('region', { name: 'First lock' });
    await userEvent.click(within(first).getByRole('switch', { name: 'Locked' }));
    expect(await screen.findByText('Lock is unlocked')).toBeInTheDocument();
    expect(sent(calls, 'PATCH', '/api/hubs/31/lock/status')).toEqual([{ hubId: 31, deviceId: 11, status: 'unlocked' }]);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/hubs/31/devices')).toHaveLength(2));
  });

  it("shows the device's words on the lock card when it cannot, without a toast", async () => {
    open([frontDoor()], {
      'PATCH /api/hubs/31/lock/status': () => ({ status: 409, body: { message: 'The device is offline' } }),
    });
    await screen.findByRole('heading', { name: 'Connected Devices' });
    const lockCard = card('Front door');
    await userEvent.click(within(lockCard).getByRole('switch', { name: 'Locked' }));
    expect(await within(lockCard).findByRole('alert')).toHaveTextContent('The device is offline');
    // No snackbar says it: the card's alert is the only one.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getAllByText('The device is offline')).toHaveLength(1);
  });

  it('refreshes the device list from the hub, reboots it with a toast, and shows a refresh that failed', async () => {
    let refreshFails = false;
    const calls = open([frontDoor()], {
      'GET /api/hubs/31/devices': (call) => {
        if (!call.search.includes('refresh')) return { body: [frontDoor()] };
        return refreshFails
          ? { status: 503, body: { message: 'The device is offline' } }
          : { body: [frontDoor(), PORCH_LIGHT] };
      },
      'GET /api/hubs/31/reboot': () => ({ body: { message: 'Hub is rebooting' } }),
    });
    await screen.findByRole('heading', { name: 'Connected Devices' });
    expect(screen.queryByRole('region', { name: 'Porch light' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh List' }));
    expect(await screen.findByRole('region', { name: 'Porch light' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/hubs/31/devices' && c.search.includes('refresh'))).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Reboot Hub' }));
    expect(await screen.findByText('Hub is rebooting')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/hubs/31/reboot')).toHaveLength(1);

    refreshFails = true;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh List' }));
    expect(await screen.findByText('The device is offline')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh List' })).toBeEnabled();
  });

  it('switches a light and toasts the answer', async () => {
    const calls = open([PORCH_LIGHT], {
      'PATCH /api/hubs/31/lights/12': () => ({ body: { message: 'Light is on', device: PORCH_LIGHT } }),
    });
    await userEvent.click(await screen.findByRole('switch', { name: 'On' }));
    expect(await screen.findByText('Light is on')).toBeInTheDocument();
    expect(sent(calls, 'PATCH', '/api/hubs/31/lights/12')).toEqual([{ status: 'on' }]);
  });
});

describe('HubTab device drawer', { timeout: 60_000 }, () => {
  it('adds lock codes at the next free slots, checks them first and saves only the new ones', async () => {
    const calls = open([frontDoor()], {
      'PATCH /api/hubs/31/lock/codes': () => ({ body: { message: 'Codes are updated' } }),
    });
    const drawer = await openDrawer();
    expect(within(drawer).getByText('KW0100001')).toBeInTheDocument();
    const add = within(drawer).getByRole('button', { name: 'Add lock code' });
    // Slots 2, 6, 7 hold codes and 3 a scheduled one: 4, 5, then 11 (6-10 are kept).
    await userEvent.click(add);
    await userEvent.click(add);
    await userEvent.click(add);
    for (const slot of [4, 5, 11]) expect(within(drawer).getByLabelText(`Code of slot ${slot}`)).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Cancel new code of slot 11' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Cancel new code of slot 5' }));

    const code = within(drawer).getByLabelText('Code of slot 4');
    await userEvent.type(code, '00a0');
    expect(code).toHaveValue('000');
    const lockCodes = within(drawer).getByRole('button', { name: 'Save' });
    await userEvent.click(lockCodes);
    expect(
      await within(drawer).findByText('Some codes are not valid', { selector: '.MuiAlert-message' }),
    ).toBeVisible();
    expect(within(drawer).getAllByText('Some codes are not valid')).toHaveLength(3);

    await userEvent.clear(code);
    await userEvent.type(code, '1111');
    await userEvent.type(within(drawer).getByLabelText('Name of slot 4'), 'Cleaner');
    expect(within(drawer).getByText('Identical codes are not allowed!')).toBeInTheDocument();
    expect(sent(calls, 'PATCH', '/api/hubs/31/lock/codes')).toHaveLength(0);

    await userEvent.clear(code);
    await userEvent.type(code, '2468');
    await userEvent.click(lockCodes);
    expect(await screen.findByText('Codes are updated')).toBeInTheDocument();
    expect(sent(calls, 'PATCH', '/api/hubs/31/lock/codes')).toEqual([
      { deviceId: 11, codes: [{ slot: 4, code: '2468', name: 'Cleaner' }] },
    ]);
    expect(within(drawer).queryByLabelText('Code of slot 4')).not.toBeInTheDocument();
  });

  it("puts the server's refusal on the field of its slot", async () => {
    open([frontDoor()], {
      'PATCH /api/hubs/31/lock/codes': () => ({
        status: 422,
        body: { message: 'Validation failed', errors: { 'codes.4.code': 'invalid code length' } },
      }),
    });
    const drawer = await openDrawer();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Add lock code' }));
    await userEvent.type(within(drawer).getByLabelText('Code of slot 4'), '123');
    await userEvent.type(within(drawer).getByLabelText('Name of slot 4'), 'Short');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('invalid code length')).toBeInTheDocument();
  });

  it('checks the lead and duration of a new scheduled code and sends its times to the minute', async () => {
    const calls = open([frontDoor()], {
      'PATCH /api/hubs/31/lock/scheduled-codes': () => ({ body: { message: 'Scheduled codes updated' } }),
    });
    const drawer = await openDrawer();
    const section = within(drawer).getByRole('table', { name: 'Scheduled codes' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Add scheduled code' }));
    const start = within(section).getByLabelText('Scheduled on');
    const end = within(section).getByLabelText('Expires on');
    const inMinutes = (m: number) => zonedInput(new Date(Date.now() + m * 60_000), ZONE);
    fireEvent.change(start, { target: { value: inMinutes(2) } });
    fireEvent.change(end, { target: { value: inMinutes(4) } });
    await userEvent.type(within(section).getByLabelText('Code'), '12');
    const save = within(drawer).getAllByRole('button', { name: 'Save' }).at(-1)!;
    await userEvent.click(save);
    expect(within(section).getByText('Code must be exactly 4 digits.')).toBeInTheDocument();
    expect(within(section).getByText('Name is required.')).toBeInTheDocument();
    expect(within(section).getByText('Scheduled time must be at least 5 minutes from now.')).toBeInTheDocument();
    expect(
      within(section).getByText('Expires time must be at least 5 minutes after scheduled time.'),
    ).toBeInTheDocument();
    expect(save).toBeDisabled();

    // The code already on the lock (slot 3's) blocks Save at once.
    await userEvent.type(within(section).getByLabelText('Code'), '{backspace}{backspace}4321');
    expect(within(drawer).getByText('Identical codes are not allowed!')).toBeInTheDocument();
    await userEvent.clear(within(section).getByLabelText('Code'));
    await userEvent.type(within(section).getByLabelText('Code'), '2580');
    await userEvent.type(within(section).getByLabelText('Name'), 'Painter');
    fireEvent.change(start, { target: { value: '2099-06-01T09:30' } });
    fireEvent.change(end, { target: { value: '2099-06-01T11:00' } });
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(await screen.findByText('Scheduled codes updated')).toBeInTheDocument();
    expect(sent(calls, 'PATCH', '/api/hubs/31/lock/scheduled-codes')).toEqual([
      {
        deviceId: 11,
        scheduledCodes: [
          {
            code: '2580',
            name: 'Painter',
            scheduled_on: '2099-06-01T14:30:00.000Z',
            expires_on: '2099-06-01T16:00:00.000Z',
          },
        ],
      },
    ]);
  });

  it('cancels an unsaved scheduled code and shows the empty state', async () => {
    open([frontDoor({ scheduledCodes: [] })]);
    const drawer = await openDrawer();
    const section = within(drawer).getByRole('table', { name: 'Scheduled codes' });
    expect(within(section).getByText('No scheduled codes')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Add scheduled code' }));
    expect(within(section).queryByText('No scheduled codes')).not.toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Cancel new scheduled code' }));
    expect(within(section).getByText('No scheduled codes')).toBeInTheDocument();
  });
});
