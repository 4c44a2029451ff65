import { describe, expect, it } from 'vitest';
import type { TourDay } from '../../api/types';
import { formatClock, parseClock } from './clock';
import {
  copyMondayToAll,
  defaultTourWeek,
  enableSecondWindow,
  fromMinutes,
  MSG_END_AFTER_START,
  MSG_NO_SLOTS,
  MSG_RANGE,
  MSG_SECOND_AFTER_FIRST,
  MSG_SECOND_END,
  MSG_SECOND_MISSING,
  normalizeTourWeek,
  pushSecondWindow,
  setFirstEnd,
  tourDayOptions,
  validateTourDay,
  validateTourWeek,
} from './tourHours';

const hm = (h: number, m = 0) => ({ hour: h, minute: m });
function day(start: [number, number], end: [number, number], extra: Partial<TourDay> = {}): TourDay {
  return {
    dayOfWeek: 1,
    isToursAvailable: true,
    tourHoursStart: hm(...start),
    tourHoursEnd: hm(...end),
    isSecondWindowEnabled: false,
    secondWindowStart: null,
    secondWindowEnd: null,
    ...extra,
  };
}
const second = (s: [number, number], e: [number, number], end: [number, number]) =>
  day([7, 0], end, { isSecondWindowEnabled: true, secondWindowStart: hm(...s), secondWindowEnd: hm(...e) });

describe('clock texts', () => {
  it('formats and parses h:mm AM', () => {
    expect(formatClock(12 * 60)).toBe('12:00 PM');
    expect(formatClock(0)).toBe('12:00 AM');
    expect(formatClock(20 * 60 + 30)).toBe('8:30 PM');
    expect(parseClock('12:30 AM')).toBe(30);
    expect(parseClock('3:00 PM')).toBe(15 * 60);
    expect(parseClock('13:00 PM')).toBeNull();
    expect(parseClock('9:00')).toBeNull();
  });
});

describe('tour hours rules', () => {
  it('defaults to 7am–9pm every day, all enabled, which is valid', () => {
    const week = defaultTourWeek();
    expect(week.map((d) => d.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(week.every((d) => d.isToursAvailable && d.tourHoursStart.hour === 7 && d.tourHoursEnd.hour === 21)).toBe(
      true,
    );
    expect(validateTourWeek(week)).toEqual({});
  });

  it('fills a stored week up to seven days, the missing ones closed', () => {
    const week = normalizeTourWeek([{ ...day([9, 0], [17, 0]), dayOfWeek: 3 }]);
    expect(week).toHaveLength(7);
    expect(week[3].tourHoursStart).toEqual(hm(9));
    expect(week.filter((d) => d.isToursAvailable)).toHaveLength(1);
  });

  it('needs the end after the start, within 5:00 AM and 11:00 PM (as the server)', () => {
    expect(validateTourDay(day([9, 0], [9, 0]))).toBe(MSG_END_AFTER_START);
    expect(validateTourDay(day([4, 30], [9, 0]))).toBe(MSG_RANGE);
    expect(validateTourDay(day([9, 0], [23, 30]))).toBe(MSG_RANGE);
    expect(validateTourDay(day([5, 0], [23, 0]))).toBeNull();
    expect(validateTourDay(day([9, 0], [8, 0], { isToursAvailable: false }))).toBeNull();
  });

  it('checks second windows like the server', () => {
    expect(validateTourDay(second([14, 0], [18, 0], [12, 0]))).toBeNull();
    expect(validateTourDay(second([11, 0], [18, 0], [12, 0]))).toBe(MSG_SECOND_AFTER_FIRST);
    expect(validateTourDay(second([14, 0], [13, 0], [12, 0]))).toBe(MSG_SECOND_END);
    expect(validateTourDay(second([22, 45], [23, 0], [22, 45]))).toBe(MSG_NO_SLOTS);
    expect(validateTourDay(second([22, 30], [23, 0], [22, 30]))).toBeNull();
    expect(validateTourDay({ ...day([7, 0], [12, 0]), isSecondWindowEnabled: true })).toBe(MSG_SECOND_MISSING);
    expect(validateTourWeek([{ ...second([11, 0], [18, 0], [12, 0]), dayOfWeek: 4 }])).toEqual({
      4: MSG_SECOND_AFTER_FIRST,
    });
  });

  it('refuses a second window when the first ends past 10:30 PM', () => {
    expect(enableSecondWindow(day([7, 0], [22, 45]))).toEqual({ error: MSG_NO_SLOTS });
    expect(enableSecondWindow(day([7, 0], [23, 0]))).toEqual({ error: MSG_NO_SLOTS });
    const at1030 = enableSecondWindow(day([7, 0], [22, 30]));
    expect(at1030).toEqual({
      day: expect.objectContaining({ secondWindowStart: hm(22, 30), secondWindowEnd: hm(23) }) as unknown,
    });
    const early = enableSecondWindow(day([7, 0], [12, 0]));
    expect('day' in early && validateTourDay(early.day)).toBeNull();
    expect('day' in early && early.day.secondWindowStart).toEqual(hm(12, 30));
  });

  it('pushes the second start up when the first end moves past it', () => {
    const d = second([14, 0], [18, 0], [12, 0]);
    expect(setFirstEnd(d, 15 * 60).secondWindowStart).toEqual(hm(15));
    expect(setFirstEnd(d, 15 * 60).secondWindowEnd).toEqual(hm(18));
    // The end follows when the start passes it.
    const pushed = setFirstEnd(d, 18 * 60 + 30);
    expect(pushed.secondWindowStart).toEqual(hm(18, 30));
    expect(pushed.secondWindowEnd).toEqual(hm(19));
    // An earlier first end leaves the second window alone.
    expect(setFirstEnd(d, 11 * 60).secondWindowStart).toEqual(hm(14));
    expect(pushSecondWindow(day([7, 0], [12, 0]))).toEqual(day([7, 0], [12, 0]));
  });

  it("copies Monday's windows to the other enabled days", () => {
    const week = defaultTourWeek();
    week[1] = second([14, 0], [18, 0], [12, 0]);
    week[6] = { ...week[6], isToursAvailable: false };
    const copied = copyMondayToAll(week);
    for (const d of [0, 2, 3, 4, 5]) {
      expect(copied[d]).toEqual({ ...week[1], dayOfWeek: d });
    }
    expect(copied[6]).toEqual(week[6]);
  });

  it('offers 7:00 AM to 11:00 PM, second windows after the first, and keeps stored times', () => {
    const opts = tourDayOptions(second([14, 0], [18, 0], [12, 0]));
    expect(opts.start[0]).toBe(7 * 60);
    expect(opts.start.at(-1)).toBe(22 * 60 + 30);
    expect(opts.end.at(-1)).toBe(23 * 60);
    expect(opts.secondStart[0]).toBe(12 * 60);
    expect(opts.secondStart.at(-1)).toBe(22 * 60 + 30);
    expect(opts.secondEnd[0]).toBe(14 * 60 + 30);
    expect(tourDayOptions({ ...day([5, 0], [9, 0]), tourHoursStart: fromMinutes(5 * 60) }).start[0]).toBe(5 * 60);
  });
});
