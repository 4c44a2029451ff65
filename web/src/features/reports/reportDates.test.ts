import { describe, expect, it } from 'vitest';
import {
  checkReportDates,
  defaultStartDate,
  END_AFTER_TODAY,
  reportHref,
  reportReady,
  showDay,
  START_AFTER_END,
  todayIso,
} from './reportDates';

describe('report dates', () => {
  it('start one day before today by default, across a month and a year', () => {
    expect(defaultStartDate(new Date(2026, 2, 1, 9))).toBe('2026-02-28');
    expect(defaultStartDate(new Date(2026, 0, 1, 0, 5))).toBe('2025-12-31');
    expect(todayIso(new Date(2026, 10, 24, 23, 59))).toBe('2026-11-24');
  });

  it('refuse a start after the end and an end after today', () => {
    const today = '2026-11-24';
    expect(checkReportDates('2026-11-20', '2026-11-24', today)).toEqual({});
    expect(checkReportDates('2026-11-24', '2026-11-24', today)).toEqual({});
    expect(checkReportDates('2026-11-22', '2026-11-21', today)).toEqual({ startDate: START_AFTER_END });
    expect(checkReportDates('2026-11-20', '2026-11-25', today)).toEqual({ endDate: END_AFTER_TODAY });
    expect(checkReportDates('', '', today)).toEqual({});
  });

  it('open a report only with both dates set and right', () => {
    const today = '2026-11-24';
    expect(reportReady('2026-11-23', '2026-11-24', today)).toBe(true);
    expect(reportReady('2026-11-23', '', today)).toBe(false);
    expect(reportReady('', '2026-11-24', today)).toBe(false);
    expect(reportReady('2026-11-24', '2026-11-23', today)).toBe(false);
    expect(reportReady('2026-11-23', '2026-11-25', today)).toBe(false);
    expect(reportReady('11/23/2026', '2026-11-24', today)).toBe(false);
  });

  it('carry builderId, startDate and endDate in the address', () => {
    expect(reportHref('/reportVisit', { startDate: '2026-11-01', endDate: '2026-11-24' }, 7)).toBe(
      '/reportVisit?builderId=7&startDate=2026-11-01&endDate=2026-11-24',
    );
    expect(reportHref('/reportMarket', { startDate: '2026-11-01', endDate: '2026-11-24' })).toBe(
      '/reportMarket?startDate=2026-11-01&endDate=2026-11-24',
    );
    expect(showDay('2026-11-01')).toBe('11/01/2026');
  });
});
