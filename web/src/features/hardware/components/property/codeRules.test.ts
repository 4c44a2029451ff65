import { describe, expect, it } from 'vitest';
import {
  HUB_SCHEDULED_RULES,
  checkHubCodes,
  checkMasterCode,
  checkScheduledCodes,
  checkSmartLockCode,
  nextSlot,
  smartScheduledRules,
} from './codeRules';
import { formatZoned, fromZoned, zonedDate, zonedInput } from '../../../../lib/zoned';

const ZONE = 'America/Chicago';
const NOW = new Date('2026-03-03T18:00:00Z'); // 12:00 PM in Chicago
const at = (minutes: number) => zonedInput(new Date(NOW.getTime() + minutes * 60_000), ZONE);

describe('hub lock codes', () => {
  it('gives a new code the smallest free slot from 2, skipping 6-10', () => {
    expect(nextSlot([])).toBe(2);
    expect(nextSlot([2, 3])).toBe(4);
    expect(nextSlot([2, 3, 4, 5])).toBe(11);
    expect(nextSlot([2, 4, 11])).toBe(3);
  });

  it('words invalid, identical and duplicate codes as the spec does', () => {
    expect(checkHubCodes([{ slot: 4, code: '0000', name: '' }], [])).toEqual({
      'codes.4.code': 'Some codes are not valid',
      'codes.4.name': 'Some codes are not valid',
      codes: 'Some codes are not valid',
    });
    expect(checkHubCodes([{ slot: 4, code: '12345678901', name: 'Way too long a name' }], [])).toMatchObject({
      'codes.4.code': 'Some codes are not valid',
      'codes.4.name': 'Some codes are not valid',
    });
    expect(checkHubCodes([{ slot: 4, code: '1111', name: 'Owner 2' }], ['1111'])).toEqual({
      codes: 'Identical codes are not allowed!',
    });
    expect(checkHubCodes([{ slot: 4, code: '2468', name: 'Cleaner' }], ['1111'])).toEqual({});
    expect(checkMasterCode('1111', ['1111'])).toBe('Codes cannot be same');
    expect(checkMasterCode('000', [])).toBe('Some codes are not valid');
    expect(checkMasterCode('2580', ['1111'])).toBeNull();
  });
});

describe('scheduled codes', () => {
  it('asks a hub code of 4 digits, a name, 5 minutes of lead and 5 of duration', () => {
    const errors = checkScheduledCodes(
      [{ code: '12', name: ' ', scheduled_on: at(4), expires_on: at(8) }],
      [],
      HUB_SCHEDULED_RULES,
      ZONE,
      NOW,
    );
    expect(errors).toEqual({
      'scheduledCodes.0.code': 'Code must be exactly 4 digits.',
      'scheduledCodes.0.name': 'Name is required.',
      'scheduledCodes.0.scheduled_on': 'Scheduled time must be at least 5 minutes from now.',
      'scheduledCodes.0.expires_on': 'Expires time must be at least 5 minutes after scheduled time.',
    });
    expect(
      checkScheduledCodes(
        [{ code: '1234', name: 'Cleaner', scheduled_on: at(5), expires_on: at(10) }],
        [],
        HUB_SCHEDULED_RULES,
        ZONE,
        NOW,
      ),
    ).toEqual({});
  });

  it('asks a smart lock 10 minutes of lead and 30 of duration, a supported length, and blocks duplicates', () => {
    const rules = smartScheduledRules([4, 6]);
    expect(
      checkScheduledCodes(
        [
          { code: '', name: 'A', scheduled_on: at(9), expires_on: at(30) },
          { code: '12345', name: 'B', scheduled_on: 'soon', expires_on: '' },
        ],
        [],
        rules,
        ZONE,
        NOW,
      ),
    ).toEqual({
      'scheduledCodes.0.code': 'Code is required.',
      'scheduledCodes.0.scheduled_on': 'Scheduled time must be at least 10 minutes from now.',
      'scheduledCodes.0.expires_on': 'Expires time must be at least 30 minutes after scheduled time.',
      'scheduledCodes.1.code': 'invalid code length',
      'scheduledCodes.1.scheduled_on': 'Scheduled time is invalid.',
      'scheduledCodes.1.expires_on': 'Expiration time is invalid.',
    });
    expect(
      checkScheduledCodes(
        [{ code: '5001', name: 'A', scheduled_on: at(10), expires_on: at(40) }],
        ['5001'],
        rules,
        ZONE,
        NOW,
      ),
    ).toEqual({ scheduledCodes: 'Identical codes are not allowed!' });
  });
});

describe('smart lock codes', () => {
  it("checks the length against the lock's and names the code a duplicate holds", () => {
    expect(checkSmartLockCode('12345', '', [4, 6], [])).toEqual({
      code: 'invalid code length',
      name: 'name is required',
    });
    expect(checkSmartLockCode('5001', 'Painter', [4, 6], [{ code: '5001', name: 'Trade' }])).toEqual({
      code: 'code 5001 already exists as Trade',
    });
    expect(checkSmartLockCode('123456', 'Painter', [], [])).toEqual({});
    expect(checkSmartLockCode('123456789', 'Painter', [], [])).toEqual({ code: 'invalid code length' });
  });
});

describe('home time zone', () => {
  it('reads and writes wall-clock times of the home, across a change of offset', () => {
    expect(zonedInput(NOW, ZONE)).toBe('2026-03-03T12:00');
    expect(fromZoned('2026-03-03T12:00', ZONE)?.toISOString()).toBe('2026-03-03T18:00:00.000Z');
    // Daylight saving time starts on March 8, 2026: Chicago is then UTC-5.
    expect(fromZoned('2026-03-09T12:00', ZONE)?.toISOString()).toBe('2026-03-09T17:00:00.000Z');
    expect(fromZoned('not a time', ZONE)).toBeNull();
    expect(zonedDate(new Date('2026-03-03T02:30:00Z'), ZONE)).toBe('2026-03-02');
    expect(formatZoned('2026-03-03T02:30:00Z', ZONE)).toBe('2026-03-02 8:30 PM');
    expect(formatZoned('2026-03-03T06:05:00Z', ZONE)).toBe('2026-03-03 12:05 AM');
  });
});
