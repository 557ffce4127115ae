import { describe, expect, it, vi } from 'vitest';
import { lowStockByProduct, revenueBars, windowLabel } from '../../src/admin/dashboard/revenue-bars.ts';

/**
 * The dashboard's revenue window: the shop's days in the shop's one way of writing a day
 * ("Sun, Nov 29, 2026", src/lib/site/shop-time.ts), bars that add up to the window.
 */
const daysFrom = (first: string, count: number, cents = (i: number) => (i + 1) * 100) =>
  Array.from({ length: count }, (_, i) => {
    const d = new Date(`${first}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    return { day: d.toISOString().slice(0, 10), cents: cents(i), orders: 1 };
  });

describe('the revenue window', () => {
  it('names its first and last day as the shop writes a day', () => {
    expect(windowLabel('2026-10-28', '2026-11-26')).toBe('Wed, Oct 28, 2026 – Thu, Nov 26, 2026');
    expect(windowLabel('2025-12-29', '2026-01-04')).toBe('Mon, Dec 29, 2025 – Sun, Jan 4, 2026');
    expect(windowLabel('2026-11-26', '2026-11-26')).toBe('Thu, Nov 26, 2026');
  });

  it('names the shop’s days whatever the browser’s time zone', () => {
    const zone = process.env['TZ'];
    // A browser far east of Texas (UTC+14), and one west of it (UTC−10), at 11:30 PM shop time.
    for (const tz of ['Pacific/Kiritimati', 'Pacific/Honolulu']) {
      process.env['TZ'] = tz;
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-30T05:30:00Z'));
      try {
        expect(revenueBars(daysFrom('2026-11-23', 7)).bars.at(-1)!.label).toBe('Sun, Nov 29, 2026');
        expect(windowLabel('2026-11-23', '2026-11-29')).toBe('Mon, Nov 23, 2026 – Sun, Nov 29, 2026');
      } finally {
        vi.useRealTimers();
        if (zone === undefined) delete process.env['TZ'];
        else process.env['TZ'] = zone;
      }
    }
  });

  it('has a bar per day for a week, each named by its weekday and date', () => {
    const days = daysFrom('2026-11-20', 7);
    const { unit, bars } = revenueBars(days);
    expect(unit).toBe('day');
    expect(bars.map((b) => b.label)).toEqual([
      'Fri, Nov 20, 2026',
      'Sat, Nov 21, 2026',
      'Sun, Nov 22, 2026',
      'Mon, Nov 23, 2026',
      'Tue, Nov 24, 2026',
      'Wed, Nov 25, 2026',
      'Thu, Nov 26, 2026',
    ]);
    expect(bars.map((b) => b.value)).toEqual([100, 200, 300, 400, 500, 600, 700]);
  });

  it('has a bar per Monday-to-Sunday week for 30 days, cut to the window, adding up to it', () => {
    // Oct 28 2026 is a Wednesday; Nov 26 a Thursday.
    const days = daysFrom('2026-10-28', 30);
    const { unit, bars } = revenueBars(days);
    expect(unit).toBe('week');
    expect(bars.map((b) => b.label)).toEqual([
      'Wed, Oct 28, 2026 – Sun, Nov 1, 2026',
      'Mon, Nov 2, 2026 – Sun, Nov 8, 2026',
      'Mon, Nov 9, 2026 – Sun, Nov 15, 2026',
      'Mon, Nov 16, 2026 – Sun, Nov 22, 2026',
      'Mon, Nov 23, 2026 – Thu, Nov 26, 2026',
    ]);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(sum(bars.map((b) => b.value))).toBe(sum(days.map((d) => d.cents)));
    // Oct 28 – Nov 1 is the first five days: 100 + 200 + … + 500.
    expect(bars[0]!.value).toBe(1_500);
  });
});

describe('low stock', () => {
  it('groups variants under their product, keeping the lowest-first order', () => {
    const rows = [
      { product_id: 'a', product: 'Classic Tee', color: 'Black', size: 'S', stock: 0, threshold: 5 },
      { product_id: 'b', product: 'Trucker Cap', color: null, size: null, stock: 1, threshold: 3 },
      { product_id: 'a', product: 'Classic Tee', color: 'Black', size: 'M', stock: 2, threshold: 5 },
    ];
    expect(lowStockByProduct(rows)).toEqual([
      {
        product_id: 'a',
        product: 'Classic Tee',
        threshold: 5,
        variants: [
          { label: 'Black / S', stock: 0 },
          { label: 'Black / M', stock: 2 },
        ],
      },
      { product_id: 'b', product: 'Trucker Cap', threshold: 3, variants: [{ label: '', stock: 1 }] },
    ]);
  });
});
