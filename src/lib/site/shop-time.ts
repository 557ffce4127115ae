import { SHOP_TIME_ZONE } from './shop-time-zone.ts';

/**
 * Date-times as the owner types and reads them: wall-clock time in the shop's time zone
 * (America/Chicago), while the database keeps instants. A store opens "Dec 1, 8:00 AM" in
 * Odessa whatever the browser's or the server's zone.
 */

/** 'YYYY-MM-DDTHH:mm', the shape of a datetime-local field. */
export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function wall(instant: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of parts.formatToParts(new Date(instant))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** How far the shop's wall clock is ahead of UTC at `instant`, in ms (−6 h in a Texas winter). */
function offsetAt(instant: number): number {
  const w = wall(instant);
  const asUtc = Date.UTC(w['year']!, w['month']! - 1, w['day']!, w['hour']!, w['minute']!);
  return asUtc - Math.floor(instant / 60_000) * 60_000;
}

/** '2026-12-01T08:00' (shop time) → the instant; null for text of another shape or a date that does not exist. */
export function shopLocalToInstant(local: string): Date | null {
  const m = LOCAL_DATE_TIME.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59) return null;
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(guess);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  let instant = guess - offsetAt(guess);
  // Across a change of clocks the offset at the answer may differ from the guess's.
  instant = guess - offsetAt(instant);
  return new Date(instant);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant → '2026-12-01T08:00' on the shop's clock (what a datetime-local field shows). */
export function instantToShopLocal(instant: Date | string): string {
  const w = wall(new Date(instant).getTime());
  return `${w['year']}-${pad(w['month']!)}-${pad(w['day']!)}T${pad(w['hour']!)}:${pad(w['minute']!)}`;
}

const words = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** "Tue, Dec 1, 2026, 8:00 AM CST": an instant in words, on the shop's clock. */
export function shopDateTimeWords(instant: Date | string): string {
  return words.format(new Date(instant));
}

/**
 * The one way the shop writes a day for people ("Sun, Nov 29, 2026"), the date part of
 * shopDateTimeWords. Formatted at UTC from a calendar day, so no zone can move it.
 */
const dayWords = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The shop's calendar day at `instant` (now by default), 'YYYY-MM-DD': 11:30 PM Central is still that day. */
export function shopDay(instant: Date | string | number = Date.now()): string {
  const w = wall(new Date(instant).getTime());
  return `${w['year']}-${pad(w['month']!)}-${pad(w['day']!)}`;
}

/**
 * "Sun, Nov 29, 2026": a calendar day as kept ('YYYY-MM-DD', a due date) is that day; an
 * instant is the day it was on the shop's clock.
 */
export function shopDateWords(value: Date | string): string {
  const day = typeof value === 'string' && ISO_DAY.test(value) ? value : shopDay(value);
  return dayWords.format(new Date(`${day}T00:00:00Z`));
}

/** 'YYYY-MM-DD' `days` calendar days after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` ('YYYY-MM-DD'), negative when `to` is earlier. */
export function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** "2026-11-29 23:30": an instant on the shop's clock as a spreadsheet reads a date-time (CSV exports). */
export const shopLocalWords = (instant: Date | string) => instantToShopLocal(instant).replace('T', ' ');
