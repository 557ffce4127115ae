import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  calendarFromText,
  calendarText,
  countingDay,
  isWorkingDay,
  type ShopCalendar,
  workingDaysBetween,
} from '../../src/lib/calendar/shop-calendar.ts';
import { readyBy } from '../../src/lib/pricing/turnaround.ts';

/** Monday to Friday, 9 to 5, closed Thanksgiving and the day after, Christmas, and a blackout on Dec 28. */
const shop: ShopCalendar = {
  workingWeekdays: [1, 2, 3, 4, 5],
  opensAt: '09:00',
  closesAt: '17:00',
  closedDays: ['2026-11-26', '2026-11-27', '2026-12-25', '2026-12-28', '2027-01-01'],
};

describe('the shop calendar counts working days', () => {
  it('skips weekends, holidays and blackout days', () => {
    expect(isWorkingDay(shop, '2026-11-25')).toBe(true);
    expect(isWorkingDay(shop, '2026-11-26')).toBe(false);
    expect(isWorkingDay(shop, '2026-11-28')).toBe(false);
    // Wed Nov 25 + 1: Thanksgiving and the Friday after are shut, then the weekend.
    expect(addWorkingDays(shop, '2026-11-25', 1)).toBe('2026-11-30');
    // Wed Dec 23 + 3: Thu 24, (Fri 25 Christmas, weekend), (Mon 28 blackout), Tue 29, Wed 30.
    expect(addWorkingDays(shop, '2026-12-23', 3)).toBe('2026-12-30');
    // Across the new year: Thu Dec 31 + 1 skips Jan 1 and the weekend.
    expect(addWorkingDays(shop, '2026-12-31', 1)).toBe('2027-01-04');
    expect(addWorkingDays(shop, '2026-12-23', 0)).toBe('2026-12-23');
  });

  it('counts the working days between two days, the first not counted', () => {
    expect(workingDaysBetween(shop, '2026-11-25', '2026-11-30')).toBe(1);
    expect(workingDaysBetween(shop, '2026-12-23', '2026-12-30')).toBe(3);
    expect(workingDaysBetween(shop, '2026-12-30', '2026-12-23')).toBe(-3);
    expect(workingDaysBetween(shop, '2026-12-23', '2026-12-23')).toBe(0);
  });

  it('works the days the owner chose, a Saturday included', () => {
    const sixDays = { ...shop, workingWeekdays: [1, 2, 3, 4, 5, 6], closedDays: [] };
    expect(addWorkingDays(sixDays, '2026-12-04', 1)).toBe('2026-12-05');
    expect(addWorkingDays(sixDays, '2026-12-05', 1)).toBe('2026-12-07');
  });

  it('counts across the changes of clocks by the shop day, not by 24-hour steps', () => {
    // Clocks go back on Sun Nov 1 2026 and forward on Sun Mar 8 2026 (America/Chicago).
    expect(addWorkingDays(shop, '2026-10-30', 1)).toBe('2026-11-02');
    expect(addWorkingDays(shop, '2026-03-06', 1)).toBe('2026-03-09');
    expect(workingDaysBetween(shop, '2026-03-06', '2026-03-13')).toBe(5);
  });

  it('starts counting from the next day for work taken after the shop closes, on the shop clock across DST', () => {
    // Mon Oct 26 2026, 22:30 UTC is 5:30 PM CDT: after closing.
    expect(countingDay(shop, new Date('2026-10-26T22:30:00Z'))).toBe('2026-10-27');
    // Mon Nov 2 2026, 22:30 UTC is 4:30 PM CST (clocks went back): still open.
    expect(countingDay(shop, new Date('2026-11-02T22:30:00Z'))).toBe('2026-11-02');
    // Mon Mar 9 2026, 22:30 UTC is 5:30 PM CDT (clocks went forward): closed.
    expect(countingDay(shop, new Date('2026-03-09T22:30:00Z'))).toBe('2026-03-10');
    // 11:30 PM Central on Nov 2 is 05:30 UTC Nov 3: still the 2nd on the shop clock, after hours.
    expect(countingDay(shop, new Date('2026-11-03T05:30:00Z'))).toBe('2026-11-03');
    // Sun Nov 29, 11:30 PM: the shop does not work Sundays, so Monday is the first day counted.
    expect(countingDay(shop, new Date('2026-11-30T05:30:00Z'))).toBe('2026-11-29');
    // Thanksgiving evening, a closed day: the same.
    expect(countingDay(shop, new Date('2026-11-27T00:30:00Z'))).toBe('2026-11-26');
  });

  it('promises turnaround dates on the calendar: holidays and blackout days are not working days', () => {
    expect(readyBy('2026-11-25', 1, shop)).toEqual({ date: '2026-11-30', words: 'Ready by Mon, Nov 30' });
    expect(readyBy('2026-12-23', 3, shop).date).toBe('2026-12-30');
  });

  it('travels to the storefront as text and back, and refuses text of another shape', () => {
    expect(calendarFromText(calendarText(shop))).toEqual(shop);
    expect(calendarFromText('{"workingWeekdays":[8]}')).toBeNull();
    expect(calendarFromText('not json')).toBeNull();
  });

  it('never loops forever on a calendar with no working weekday', () => {
    expect(() => addWorkingDays({ ...shop, workingWeekdays: [] }, '2026-12-01', 1)).toThrow(RangeError);
  });
});
