// The reports' date rules (spec 3, Reports and Validation): the start defaults to one day before
// today, cannot be later than the end, and the end is at most today. Days are yyyy-MM-dd (ISO),
// as the reports' addresses carry them.

export const START_AFTER_END = 'Start date cannot be later than end date';
export const END_AFTER_TODAY = 'End date cannot be later than today';

/** A day of the local calendar as yyyy-MM-dd. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function todayIso(now = new Date()): string {
  return isoDay(now);
}

/** One day before today. */
export function defaultStartDate(now = new Date()): string {
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  return isoDay(yesterday);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface ReportDateErrors {
  startDate?: string;
  endDate?: string;
}

/** The messages the two dates earn; none when both are empty or right. */
export function checkReportDates(startDate: string, endDate: string, today = todayIso()): ReportDateErrors {
  const errors: ReportDateErrors = {};
  if (endDate && endDate > today) errors.endDate = END_AFTER_TODAY;
  if (startDate && endDate && startDate > endDate) errors.startDate = START_AFTER_END;
  return errors;
}

/** Whether a report can open: both dates set, real days, and right. */
export function reportReady(startDate: string, endDate: string, today = todayIso()): boolean {
  return (
    DAY.test(startDate) && DAY.test(endDate) && Object.keys(checkReportDates(startDate, endDate, today)).length === 0
  );
}

/** A report's address with its query: builderId (when one is chosen), startDate and endDate. */
export function reportHref(path: string, dates: { startDate: string; endDate: string }, builderId?: number): string {
  const query = new URLSearchParams();
  if (builderId !== undefined) query.set('builderId', String(builderId));
  query.set('startDate', dates.startDate);
  query.set('endDate', dates.endDate);
  return `${path}?${query.toString()}`;
}

/** A day as the console shows it: MM/dd/yyyy. */
export function showDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${m}/${d}/${y}`;
}
