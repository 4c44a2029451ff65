import { describe, expect, it } from 'vitest';
import type { StaffDay } from '../../api/types';
import {
  defaultStaffWeek,
  MSG_LOCK_INTERVAL,
  MSG_STAFF_END,
  MSG_STAFF_START,
  MSG_STAFF_TIME,
  normalizeStaffWeek,
  setStaffStart,
  staffEndOptions,
  staffStartOptions,
  validateStaffWeek,
} from './staffHours';

const day = (start: string, end: string): StaffDay => ({
  dayOfWeek: 2,
  isStaffAvailable: true,
  staffHoursStart: start,
  staffHoursEnd: end,
});

describe('staff hours rules', () => {
  it('defaults to 12:00 PM–3:00 PM every day and is valid with 10 minutes', () => {
    const week = defaultStaffWeek();
    expect(week).toHaveLength(7);
    expect(week.every((d) => d.staffHoursStart === '12:00 PM' && d.staffHoursEnd === '3:00 PM')).toBe(true);
    expect(validateStaffWeek(week, 10)).toEqual({ days: {} });
  });

  it('starts 7:00 AM to 8:30 PM and ends 30 minutes after the start, to 9:00 PM', () => {
    const starts = staffStartOptions();
    expect([starts[0], starts.at(-1), starts.length]).toEqual(['7:00 AM', '8:30 PM', 28]);
    expect(staffEndOptions('9:00 AM')[0]).toBe('9:30 AM');
    expect(staffEndOptions('8:30 PM')).toEqual(['9:00 PM']);
  });

  it('moves the end when the start passes it', () => {
    expect(setStaffStart(day('12:00 PM', '3:00 PM'), '2:00 PM').staffHoursEnd).toBe('3:00 PM');
    expect(setStaffStart(day('12:00 PM', '3:00 PM'), '3:00 PM').staffHoursEnd).toBe('3:30 PM');
    expect(setStaffStart(day('12:00 PM', '3:00 PM'), '2:30 PM').staffHoursEnd).toBe('3:00 PM');
  });

  it('checks like the server', () => {
    expect(validateStaffWeek([day('9:00 AM', '9:15 AM')], null).days[2]).toBe(MSG_STAFF_END);
    expect(validateStaffWeek([day('9:00 AM', '9:30 AM')], null).days).toEqual({});
    expect(validateStaffWeek([day('6:30 AM', '9:30 AM')], null).days[2]).toBe(MSG_STAFF_START);
    expect(validateStaffWeek([day('8:30 PM', '9:00 PM')], null).days).toEqual({});
    expect(validateStaffWeek([day('noon', '3:00 PM')], null).days[2]).toBe(MSG_STAFF_TIME);
    expect(validateStaffWeek([{ ...day('noon', '3:00 PM'), isStaffAvailable: false }], null).days).toEqual({});
    expect(validateStaffWeek([], 7).lockInterval).toBe(MSG_LOCK_INTERVAL);
  });

  it('fills a stored week up to seven days, the missing ones off', () => {
    const week = normalizeStaffWeek([day('9:00 AM', '5:00 PM')]);
    expect(week.map((d) => d.isStaffAvailable)).toEqual([false, false, true, false, false, false, false]);
  });
});
