import { describe, expect, it } from 'vitest';
import { lowStockByProduct, revenueBars, windowLabel } from '../../src/admin/dashboard/revenue-bars.ts';

/** The dashboard's revenue window: dates in words, bars that add up to the window. */
const daysFrom = (first: string, count: number, cents = (i: number) => (i + 1) * 100) =>
  Array.from({ length: count }, (_, i) => {
    const d = new Date(`${first}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    return { day: d.toISOString().slice(0, 10), cents: cents(i), orders: 1 };
  });

describe('the revenue window', () => {
  it('names its first and last day, the year once when both share it', () => {
    expect(windowLabel('2026-10-28', '2026-11-26')).toBe('Oct 28 – Nov 26, 2026');
    expect(windowLabel('2025-12-29', '2026-01-04')).toBe('Dec 29, 2025 – Jan 4, 2026');
    expect(windowLabel('2026-11-26', '2026-11-26')).toBe('Nov 26, 2026');
  });

  it('has a bar per day for a week, each named by its weekday and date', () => {
    const days = daysFrom('2026-11-20', 7);
    const { unit, bars } = revenueBars(days);
    expect(unit).toBe('day');
    expect(bars.map((b) => b.label)).toEqual([
      'Fri, Nov 20',
      'Sat, Nov 21',
      'Sun, Nov 22',
      'Mon, Nov 23',
      'Tue, Nov 24',
      'Wed, Nov 25',
      'Thu, Nov 26',
    ]);
    expect(bars.map((b) => b.value)).toEqual([100, 200, 300, 400, 500, 600, 700]);
  });

  it('has a bar per Monday-to-Sunday week for 30 days, cut to the window, adding up to it', () => {
    // Oct 28 2026 is a Wednesday; Nov 26 a Thursday.
    const days = daysFrom('2026-10-28', 30);
    const { unit, bars } = revenueBars(days);
    expect(unit).toBe('week');
    expect(bars.map((b) => b.label)).toEqual(['Oct 28 – Nov 1', 'Nov 2–8', 'Nov 9–15', 'Nov 16–22', 'Nov 23–26']);
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
