import { getLocalTimeZone, today } from '@internationalized/date';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shopToday } from '../../src/admin/shop-today.ts';

/**
 * The admin's date picker counts from the shop's today (issue 44 leftovers): at 9:30 PM in Texas
 * it is already tomorrow in Tokyo (and in UTC), and the picker must still open on the Texan day.
 */
describe('the date picker’s today', () => {
  const zone = process.env['TZ'];
  afterEach(() => {
    vi.useRealTimers();
    if (zone === undefined) delete process.env['TZ'];
    else process.env['TZ'] = zone;
  });

  it('is the shop’s calendar day whatever the browser’s time zone', () => {
    process.env['TZ'] = 'Asia/Tokyo';
    vi.useFakeTimers({ now: new Date('2026-11-29T03:30:00Z') });
    // The browser's own today (what react-aria uses by default) is already the 29th.
    expect(today(getLocalTimeZone()).toString()).toBe('2026-11-29');
    expect(shopToday().toString()).toBe('2026-11-28');
  });

  it('turns over at midnight on the shop’s clock (Central time), not UTC', () => {
    vi.useFakeTimers({ now: new Date('2026-07-01T04:59:00Z') });
    expect(shopToday().toString()).toBe('2026-06-30');
    vi.setSystemTime(new Date('2026-07-01T05:00:00Z'));
    expect(shopToday().toString()).toBe('2026-07-01');
  });
});
