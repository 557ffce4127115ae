import { addDays, instantToShopLocal } from '../site/shop-time.ts';

/**
 * The shop's calendar (issue 46): the one source of every date the shop promises. Days are
 * calendar days ('YYYY-MM-DD') on the shop's clock, counted one calendar day at a time, so a
 * change of clocks (a 23- or 25-hour day) cannot move a count; only turning an instant into the
 * day it counts from reads the clock.
 */
export interface ShopCalendar {
  /** ISO weekdays the shop works: 1 Monday … 7 Sunday. */
  workingWeekdays: readonly number[];
  /** 'HH:MM' on the shop's clock. */
  opensAt: string;
  /** 'HH:MM' on the shop's clock: work taken at or after it counts from the next day. */
  closesAt: string;
  /** Working weekdays the shop is shut all the same (holidays, blackout days), 'YYYY-MM-DD'. */
  closedDays: readonly string[];
}

/** A calendar with no holidays: what a page shows when the shop's could not be read. */
export const WEEKDAYS_ONLY: ShopCalendar = {
  workingWeekdays: [1, 2, 3, 4, 5],
  opensAt: '09:00',
  closesAt: '17:00',
  closedDays: [],
};

const isoWeekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

export function isWorkingDay(calendar: ShopCalendar, day: string): boolean {
  return calendar.workingWeekdays.includes(isoWeekday(day)) && !calendar.closedDays.includes(day);
}

function needsAWorkingWeekday(calendar: ShopCalendar) {
  if (!calendar.workingWeekdays.some((d) => d >= 1 && d <= 7)) {
    throw new RangeError('The shop calendar has no working weekday: no date can be promised.');
  }
}

/** The `days`-th working day after `from` (`from` itself when 0, whether or not it is one). */
export function addWorkingDays(calendar: ShopCalendar, from: string, days: number): string {
  needsAWorkingWeekday(calendar);
  let day = from;
  let left = days;
  while (left > 0) {
    day = addDays(day, 1);
    if (isWorkingDay(calendar, day)) left--;
  }
  return day;
}

/** Working days after `from` up to and including `to`; negative when `to` is earlier. */
export function workingDaysBetween(calendar: ShopCalendar, from: string, to: string): number {
  if (to < from) return -workingDaysBetween(calendar, to, from);
  let count = 0;
  for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (isWorkingDay(calendar, day)) count++;
  return count;
}

/**
 * The day a turnaround counts from for work taken at `instant`: that day on the shop's clock, or
 * the next when the shop has closed for the day on a working day (an order at 6 PM Monday is
 * Tuesday morning's work, as one at 9 AM Tuesday). On a day the shop does not work the count
 * starts that day whatever the hour, so its next working day is the first one counted.
 */
export function countingDay(calendar: ShopCalendar, instant: Date | string | number = Date.now()): string {
  const [day, time] = instantToShopLocal(new Date(instant)).split('T') as [string, string];
  return time >= calendar.closesAt && isWorkingDay(calendar, day) ? addDays(day, 1) : day;
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar as a page carries it to the storefront's islands (a meta tag). */
export const calendarText = (calendar: ShopCalendar): string => JSON.stringify(calendar);

const isList = (value: unknown, item: (v: unknown) => boolean): boolean => Array.isArray(value) && value.every(item);

/**
 * The calendar a page carried, or null when the text is not one. Checked by hand, not with a
 * schema: the cart's first paint carries this module and stays small.
 */
export function calendarFromText(text: string): ShopCalendar | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const c = value as Record<string, unknown>;
  const ok =
    isList(c['workingWeekdays'], (d) => Number.isInteger(d) && (d as number) >= 1 && (d as number) <= 7) &&
    typeof c['opensAt'] === 'string' &&
    HH_MM.test(c['opensAt']) &&
    typeof c['closesAt'] === 'string' &&
    HH_MM.test(c['closesAt']) &&
    isList(c['closedDays'], (d) => typeof d === 'string' && ISO_DAY.test(d));
  if (!ok) return null;
  return {
    workingWeekdays: c['workingWeekdays'] as number[],
    opensAt: c['opensAt'] as string,
    closesAt: c['closesAt'] as string,
    closedDays: c['closedDays'] as string[],
  };
}
