// Staff hours rules (spec 1 §4, §5, §9), the same as the server's domain::hours::check_staff_week:
// the hours staff may enter a home, as `h:mm AM` texts, starting 7:00 AM to 8:30 PM on the half
// hour and ending at least 30 minutes later, by 9:00 PM; plus the auto-lock interval.
import type { StaffDay } from '../../api/types';
import { DAY_NAMES, formatClock, parseClock, STEP_MINUTES, timeSteps } from './clock';

export const STAFF_LOCK_INTERVALS = [1, 3, 5, 10, 15, 20, 30] as const;
export const DEFAULT_STAFF_LOCK_INTERVAL = 10;
export const DEFAULT_STAFF_START = '12:00 PM';
export const DEFAULT_STAFF_END = '3:00 PM';
const FIRST_START = 7 * 60;
const LAST_START = 20 * 60 + 30;
const LAST_END = 21 * 60;

export const MSG_LOCK_INTERVAL = 'Choose 1, 3, 5, 10, 15, 20 or 30 minutes';
export const MSG_STAFF_START = 'Staff hours start between 7:00 AM and 8:30 PM on the half hour';
export const MSG_STAFF_END = 'Staff hours end at least 30 minutes after the start, by 9:00 PM';
export const MSG_STAFF_TIME = 'Staff hours are times like 12:00 PM';

export function defaultStaffDay(dayOfWeek: number): StaffDay {
  return { dayOfWeek, isStaffAvailable: true, staffHoursStart: DEFAULT_STAFF_START, staffHoursEnd: DEFAULT_STAFF_END };
}

/** 12:00 PM to 3:00 PM every day. */
export function defaultStaffWeek(): StaffDay[] {
  return DAY_NAMES.map((_, day) => defaultStaffDay(day));
}

/** Seven days in dayOfWeek order; a day the stored week lacks is off. */
export function normalizeStaffWeek(days: readonly StaffDay[]): StaffDay[] {
  return DAY_NAMES.map((_, day) => {
    const stored = days.find((d) => d.dayOfWeek === day);
    return stored ? { ...stored } : { ...defaultStaffDay(day), isStaffAvailable: false };
  });
}

/** 7:00 AM to 8:30 PM in 30-minute steps. */
export function staffStartOptions(): string[] {
  return timeSteps(FIRST_START, LAST_START).map(formatClock);
}

/** From 30 minutes after the start to 9:00 PM. */
export function staffEndOptions(start: string): string[] {
  const from = (parseClock(start) ?? FIRST_START) + STEP_MINUTES;
  return timeSteps(from, LAST_END).map(formatClock);
}

/** Sets the start; an end that is no longer 30 minutes later moves to the first end offered. */
export function setStaffStart(day: StaffDay, start: string): StaffDay {
  const ends = staffEndOptions(start);
  const end = parseClock(day.staffHoursEnd);
  const first = parseClock(ends[0]) ?? LAST_END;
  return { ...day, staffHoursStart: start, staffHoursEnd: end !== null && end >= first ? day.staffHoursEnd : ends[0] };
}

export function validateStaffDay(day: StaffDay): string | null {
  if (!day.isStaffAvailable) return null;
  const start = parseClock(day.staffHoursStart);
  const end = parseClock(day.staffHoursEnd);
  if (start === null || end === null) return MSG_STAFF_TIME;
  if (start < FIRST_START || start > LAST_START || start % STEP_MINUTES !== 0) return MSG_STAFF_START;
  if (end < start + STEP_MINUTES || end > LAST_END) return MSG_STAFF_END;
  return null;
}

/** Problems by dayOfWeek, and `lockInterval` for an interval off the list. */
export function validateStaffWeek(
  days: readonly StaffDay[],
  lockInterval: number | null,
): { days: Record<number, string>; lockInterval?: string } {
  const problems: Record<number, string> = {};
  for (const day of days) {
    const problem = validateStaffDay(day);
    if (problem) problems[day.dayOfWeek] = problem;
  }
  const intervalOk = lockInterval === null || (STAFF_LOCK_INTERVALS as readonly number[]).includes(lockInterval);
  return intervalOk ? { days: problems } : { days: problems, lockInterval: MSG_LOCK_INTERVAL };
}
