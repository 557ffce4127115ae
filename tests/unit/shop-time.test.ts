import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysFrom,
  instantToShopLocal,
  shopDateTimeWords,
  shopDateWords,
  shopDay,
  shopLocalToInstant,
} from '../../src/lib/site/shop-time.ts';

describe('the shop’s clock (America/Chicago)', () => {
  it('reads a typed date-time as Central time, winter and summer', () => {
    expect(shopLocalToInstant('2026-12-01T08:00')?.toISOString()).toBe('2026-12-01T14:00:00.000Z');
    expect(shopLocalToInstant('2026-07-04T20:30')?.toISOString()).toBe('2026-07-05T01:30:00.000Z');
  });

  it('shows an instant on the shop’s clock, whatever the process’s zone', () => {
    expect(instantToShopLocal('2026-12-01T14:00:00Z')).toBe('2026-12-01T08:00');
    expect(instantToShopLocal(new Date('2026-07-05T01:30:00Z'))).toBe('2026-07-04T20:30');
    expect(shopDateTimeWords('2026-12-01T14:00:00Z')).toBe('Tue, Dec 1, 2026, 8:00 AM CST');
  });

  it('refuses text of another shape or a day that does not exist', () => {
    expect(shopLocalToInstant('2026-02-30T08:00')).toBeNull();
    expect(shopLocalToInstant('2026-12-01 08:00')).toBeNull();
    expect(shopLocalToInstant('2026-12-01T24:00')).toBeNull();
  });

  it('names the shop’s day at 11:30 PM Central, when UTC is already on the next day', () => {
    const lateEvening = new Date('2026-11-30T05:30:00Z');
    expect(shopDay(lateEvening)).toBe('2026-11-29');
    expect(shopDateWords(lateEvening)).toBe('Sun, Nov 29, 2026');
    expect(shopDateTimeWords(lateEvening)).toBe('Sun, Nov 29, 2026, 11:30 PM CST');
    // A calendar day as kept (a due date) is that day, never shifted by a zone.
    expect(shopDateWords('2026-12-29')).toBe('Tue, Dec 29, 2026');
    expect(addDays('2026-11-29', 30)).toBe('2026-12-29');
    expect(addDays('2027-03-14', 1)).toBe('2027-03-15');
    expect(daysFrom('2026-12-29', '2027-01-03')).toBe(5);
    expect(daysFrom('2026-12-29', '2026-12-29')).toBe(0);
  });
});
