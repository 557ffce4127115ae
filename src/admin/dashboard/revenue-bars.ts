import type { DashboardAnswer } from '../../lib/admin-schemas/dashboard.ts';
import { shopDateWords } from '../../lib/site/shop-time.ts';
import type { Bar } from '../ui/BarChart.tsx';

/** Up to this many days the revenue chart has a bar per day; past it, a bar per week. */
export const DAILY_BARS_UP_TO = 14;

/**
 * "Wed, Oct 28, 2026 – Thu, Nov 26, 2026": days the server named on the shop's calendar
 * (YYYY-MM-DD), written the one way the shop writes a day, whatever the browser's zone.
 */
export function windowLabel(from: string, to: string): string {
  return from === to ? shopDateWords(to) : `${shopDateWords(from)} – ${shopDateWords(to)}`;
}

/** Monday, for a calendar day (YYYY-MM-DD): weekdays of a date without a time of day, so no zone moves it. */
const isMonday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() === 1;

/**
 * The revenue window as bars: one per day for short windows ("Mon, Nov 23, 2026"), else one per
 * calendar week (Monday to Sunday) cut to the window, so the bars always add up to the window's
 * revenue and the first and last bars name the window's own first and last days.
 */
export function revenueBars(days: DashboardAnswer['revenue_by_day']): { unit: 'day' | 'week'; bars: Bar[] } {
  if (days.length <= DAILY_BARS_UP_TO) {
    return { unit: 'day', bars: days.map((d) => ({ label: shopDateWords(d.day), value: d.cents })) };
  }
  const weeks: { first: string; last: string; cents: number }[] = [];
  for (const d of days) {
    const current = weeks.at(-1);
    if (!current || isMonday(d.day)) weeks.push({ first: d.day, last: d.day, cents: d.cents });
    else {
      current.last = d.day;
      current.cents += d.cents;
    }
  }
  return { unit: 'week', bars: weeks.map((w) => ({ label: windowLabel(w.first, w.last), value: w.cents })) };
}

/** Low-stock variants grouped under their product, products in the order of their lowest stock. */
export function lowStockByProduct(rows: DashboardAnswer['low_stock']) {
  const products = new Map<
    string,
    { product_id: string; product: string; threshold: number; variants: { label: string; stock: number }[] }
  >();
  for (const row of rows) {
    let entry = products.get(row.product_id);
    if (!entry) {
      entry = { product_id: row.product_id, product: row.product, threshold: row.threshold, variants: [] };
      products.set(row.product_id, entry);
    }
    const label = [row.color, row.size].filter(Boolean).join(' / ');
    entry.variants.push({ label, stock: row.stock });
  }
  return [...products.values()];
}
