// Tour hours rules (spec 1 §4, §5, §9), the same as the server's domain::hours::check_tour_week:
// a week of up to two windows a day, between 5:00 AM and 11:00 PM (the editors offer 7:00 AM to
// 11:00 PM), the second after the first and only when the first ends by 10:30 PM.
import type { HourMinute, TourDay } from '../../api/types';
import { DAY_NAMES, STEP_MINUTES, timeSteps } from './clock';

/** What the server accepts. */
export const TOUR_EARLIEST = 5 * 60;
export const TOUR_LATEST = 23 * 60;
/** What the selects offer (spec 1 §9: window bounds 7 to 23). */
export const WINDOW_FIRST = 7 * 60;
export const DEFAULT_TOUR_START = 7 * 60;
export const DEFAULT_TOUR_END = 21 * 60;
/** A second window needs room after the first: not when the first ends after 10:30 PM. */
export const LAST_SECOND_WINDOW_START = 22 * 60 + 30;

export const MSG_NO_SLOTS = 'No available time slots!';
export const MSG_RANGE = 'Tour hours must lie between 5:00 AM and 11:00 PM';
export const MSG_END_AFTER_START = 'End must be after start';
export const MSG_SECOND_AFTER_FIRST = 'The second window must start after the first ends';
export const MSG_SECOND_END = 'The second window must end after it starts and by 11:00 PM';
export const MSG_SECOND_MISSING = 'The second window needs a start and an end';

export const toMinutes = (t: HourMinute): number => t.hour * 60 + t.minute;
export const fromMinutes = (minutes: number): HourMinute => ({ hour: Math.floor(minutes / 60), minute: minutes % 60 });

export function defaultTourDay(dayOfWeek: number): TourDay {
  return {
    dayOfWeek,
    isToursAvailable: true,
    tourHoursStart: fromMinutes(DEFAULT_TOUR_START),
    tourHoursEnd: fromMinutes(DEFAULT_TOUR_END),
    isSecondWindowEnabled: false,
    secondWindowStart: null,
    secondWindowEnd: null,
  };
}

/** 7:00 AM to 9:00 PM every day, all enabled. */
export function defaultTourWeek(): TourDay[] {
  return DAY_NAMES.map((_, day) => defaultTourDay(day));
}

/** Seven days in dayOfWeek order; a day the stored week lacks is closed (no tours). */
export function normalizeTourWeek(days: readonly TourDay[]): TourDay[] {
  return DAY_NAMES.map((_, day) => {
    const stored = days.find((d) => d.dayOfWeek === day);
    return stored ? { ...stored } : { ...defaultTourDay(day), isToursAvailable: false };
  });
}

/** Copy to All: Monday's windows go to every other day that has tours. */
export function copyMondayToAll(days: readonly TourDay[]): TourDay[] {
  const monday = days.find((d) => d.dayOfWeek === 1);
  if (!monday) return [...days];
  return days.map((d) =>
    d.dayOfWeek === 1 || !d.isToursAvailable
      ? d
      : {
          ...d,
          tourHoursStart: monday.tourHoursStart,
          tourHoursEnd: monday.tourHoursEnd,
          isSecondWindowEnabled: monday.isSecondWindowEnabled ?? false,
          secondWindowStart: monday.secondWindowStart ?? null,
          secondWindowEnd: monday.secondWindowEnd ?? null,
        },
  );
}

/** Moves the second window's start; an end no longer after it follows, half an hour later. */
export function setSecondStart(day: TourDay, minutes: number): TourDay {
  const end = day.secondWindowEnd ? toMinutes(day.secondWindowEnd) : TOUR_LATEST;
  return {
    ...day,
    secondWindowStart: fromMinutes(minutes),
    secondWindowEnd: fromMinutes(end > minutes ? end : Math.min(minutes + STEP_MINUTES, TOUR_LATEST)),
  };
}

/**
 * When the first window now ends after the second starts, the second start moves up to the first
 * end (and its end follows, at least 30 minutes later, by 11:00 PM at most).
 */
export function pushSecondWindow(day: TourDay): TourDay {
  if (!day.isSecondWindowEnabled || !day.secondWindowStart) return day;
  const firstEnd = toMinutes(day.tourHoursEnd);
  return toMinutes(day.secondWindowStart) >= firstEnd ? day : setSecondStart(day, firstEnd);
}

/** Sets the first window's end, pushing the second window up when needed. */
export function setFirstEnd(day: TourDay, minutes: number): TourDay {
  return pushSecondWindow({ ...day, tourHoursEnd: fromMinutes(minutes) });
}

/**
 * Switches the second window on: it starts half an hour after the first ends (at the first end
 * when that leaves no room) and runs to 11:00 PM. Refused with `No available time slots!` when
 * the first window ends after 10:30 PM.
 */
export function enableSecondWindow(day: TourDay): { day: TourDay } | { error: string } {
  const firstEnd = toMinutes(day.tourHoursEnd);
  if (firstEnd > LAST_SECOND_WINDOW_START) return { error: MSG_NO_SLOTS };
  const start = Math.min(firstEnd + STEP_MINUTES, LAST_SECOND_WINDOW_START);
  return {
    day: {
      ...day,
      isSecondWindowEnabled: true,
      secondWindowStart: fromMinutes(start),
      secondWindowEnd: fromMinutes(TOUR_LATEST),
    },
  };
}

export function disableSecondWindow(day: TourDay): TourDay {
  return { ...day, isSecondWindowEnabled: false, secondWindowStart: null, secondWindowEnd: null };
}

/** The problem of one day, in the server's order and words; null when the day is fine or closed. */
export function validateTourDay(day: TourDay): string | null {
  if (!day.isToursAvailable) return null;
  const start = toMinutes(day.tourHoursStart);
  const end = toMinutes(day.tourHoursEnd);
  if (start < TOUR_EARLIEST || end > TOUR_LATEST) return MSG_RANGE;
  if (end <= start) return MSG_END_AFTER_START;
  if (!day.isSecondWindowEnabled) return null;
  if (end > LAST_SECOND_WINDOW_START) return MSG_NO_SLOTS;
  if (!day.secondWindowStart || !day.secondWindowEnd) return MSG_SECOND_MISSING;
  const secondStart = toMinutes(day.secondWindowStart);
  const secondEnd = toMinutes(day.secondWindowEnd);
  if (secondStart < end) return MSG_SECOND_AFTER_FIRST;
  if (secondEnd <= secondStart || secondEnd > TOUR_LATEST) return MSG_SECOND_END;
  return null;
}

/** Problems by dayOfWeek (empty when the week can be saved). */
export function validateTourWeek(days: readonly TourDay[]): Record<number, string> {
  const problems: Record<number, string> = {};
  for (const day of days) {
    const problem = validateTourDay(day);
    if (problem) problems[day.dayOfWeek] = problem;
  }
  return problems;
}

/** The select options of each time of a day; a stored time off the list is kept as an option. */
export function tourDayOptions(day: TourDay) {
  const withValue = (list: number[], value: HourMinute | null | undefined) => {
    const v = value ? toMinutes(value) : null;
    return v === null || list.includes(v) ? list : [...list, v].sort((a, b) => a - b);
  };
  const firstEnd = toMinutes(day.tourHoursEnd);
  const secondStart = day.secondWindowStart ? toMinutes(day.secondWindowStart) : firstEnd;
  return {
    start: withValue(timeSteps(WINDOW_FIRST, TOUR_LATEST - STEP_MINUTES), day.tourHoursStart),
    end: withValue(timeSteps(WINDOW_FIRST + STEP_MINUTES, TOUR_LATEST), day.tourHoursEnd),
    secondStart: withValue(
      timeSteps(Math.min(firstEnd, LAST_SECOND_WINDOW_START), LAST_SECOND_WINDOW_START),
      day.secondWindowStart,
    ),
    secondEnd: withValue(
      timeSteps(Math.min(secondStart + STEP_MINUTES, TOUR_LATEST), TOUR_LATEST),
      day.secondWindowEnd,
    ),
  };
}
