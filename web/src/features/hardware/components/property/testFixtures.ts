// Records the hardware tab tests share (not imported by the app).
import type { HubDevice, HubInfo, LockLog, SmartLockCode, SmartLockDetails } from '../../../../api/types';

export const ZONE = 'America/Chicago';

export const HUB_INFO: HubInfo = {
  id: 31,
  serial_number: 'HUB0031',
  hub_type: 'kwikset',
  hub_type_label: 'kwikset',
  name: 'Juniper hub',
  property_id: 70,
  online: true,
  status: 'Online',
  battery: 85,
  is_adc: false,
  device_count: 3,
};

/** The hub's front door: slots 2 (user), 6 (master) and 7 (trade, failed) taken, a scheduled code in slot 3. */
export function frontDoor(overrides: Partial<HubDevice['properties']> = {}): HubDevice {
  return {
    id: 11,
    name: 'Front door',
    type: 'door_lock',
    serial_number: 'KW0100001',
    state_on: '2026-03-02T15:00:00Z',
    properties: {
      status: 'locked',
      online: true,
      battery: 85,
      autoLock: true,
      jammed: false,
      health: 'Locked',
      userCodes: {
        '2': { code: '1111', name: 'Owner', mode: 3, purpose: 'user', state: 'set', error: null },
        '6': { code: '9999', name: 'Master', mode: 2, purpose: 'master', state: 'set', error: null },
        '7': {
          code: '5120',
          name: 'Trade',
          mode: 3,
          purpose: 'trade',
          state: 'failed',
          error: 'The lock refused the code',
        },
      },
      scheduledCodes: [
        {
          slot: 3,
          code: '4321',
          name: 'Cleaner',
          scheduled_on: '2026-03-05T15:00:00Z',
          expires_on: '2026-03-05T17:00:00Z',
          is_added: true,
          property_id: 70,
          state: 'scheduled',
          error: null,
          backup_in_use: true,
        },
      ],
      light: null,
      thermostat: null,
      capacity: { used: 4, available: 20 },
      supported_code_lengths: [4, 5, 6, 7, 8],
      ...overrides,
    },
  };
}

export const PORCH_LIGHT: HubDevice = {
  id: 12,
  name: 'Porch light',
  type: 'dimmable_light',
  serial_number: 'LT0001',
  state_on: null,
  properties: {
    online: true,
    jammed: false,
    userCodes: {},
    scheduledCodes: [],
    light: { on: false, level: 40 },
    supported_code_lengths: [],
  },
};

export const HALL_SENSOR: HubDevice = {
  id: 13,
  name: 'Hall sensor',
  type: 'motion_sensor',
  serial_number: 'MS0001',
  state_on: '2026-03-02T15:00:00Z',
  properties: { online: false, jammed: false, userCodes: {}, scheduledCodes: [], supported_code_lengths: [] },
};

export function smartCode(n: number): SmartLockCode {
  return {
    access_code_id: 100 + n,
    code: String(5000 + n),
    name: `Code ${n}`,
    status: n === 1 ? 'Pending' : 'Active',
    state: n === 1 ? 'failed' : 'set',
    error: n === 1 ? 'The lock rejected the code' : null,
    purpose: 'user',
  };
}

export function smartLock(codes: number): SmartLockDetails {
  return {
    id: 41,
    serial_number: 'SL0041',
    name: 'Back door',
    locked: true,
    online: true,
    battery_level: 0.62,
    health: 'Locked',
    supported_code_lengths: [4, 6],
    property_id: 70,
    accessCodes: Array.from({ length: codes }, (_, i) => smartCode(i + 1)),
    scheduledCodes: [],
    capacity: { used: codes, available: 20 },
    state_on: '2026-03-02T15:00:00Z',
  };
}

/** Three events in Chicago time: Mar 3 9:00 AM, Mar 2 8:30 PM (Mar 3 in UTC), Mar 2 8:05 AM. */
export const LOGS: LockLog[] = [
  {
    id: 3,
    created_on: '2026-03-03T15:00:00Z',
    msg: 'Front door locked',
    action: 'lock',
    visitor: null,
    pinCodeName: null,
    device_id: 11,
    lock_name: 'Front door',
  },
  {
    id: 2,
    created_on: '2026-03-03T02:30:00Z',
    msg: 'Front door unlocked with a code',
    action: 'unlock',
    visitor: { customer_customer_id: 9, firstname: 'Jane', lastname: 'Doe' },
    pinCodeName: 'Visitor code',
    device_id: 11,
    lock_name: 'Front door',
  },
  {
    id: 1,
    created_on: '2026-03-02T14:05:00Z',
    msg: 'Front door unlocked with a code',
    action: 'unlock',
    visitor: null,
    pinCodeName: 'Trade',
    device_id: 11,
    lock_name: 'Front door',
  },
];
