import dayjs from 'dayjs';
import type { DashboardAnswer } from '../../lib/admin-schemas/dashboard.ts';
import type { Bar } from '../ui/BarChart.tsx';

/** Up to this many days the revenue chart has a bar per day; past it, a bar per week. */
export const DAILY_BARS_UP_TO = 14;

// A bare YYYY-MM-DD is read as that day at midnight, local time: the calendar day the server named.
const day = (iso: string) => dayjs(iso);

/** "Oct 28 – Nov 26, 2026" (the year once when both days share it). */
export function windowLabel(from: string, to: string): string {
  const a = day(from);
  const b = day(to);
  if (a.isSame(b, 'day')) return b.format('MMM D, YYYY');
  return a.year() === b.year()
    ? `${a.format('MMM D')} – ${b.format('MMM D, YYYY')}`
    : `${a.format('MMM D, YYYY')} – ${b.format('MMM D, YYYY')}`;
}

/** "Nov 23–26" or "Oct 27 – Nov 2": a week's days inside the window. */
function spanLabel(first: string, last: string): string {
  const a = day(first);
  const b = day(last);
  if (a.isSame(b, 'day')) return a.format('ddd, MMM D');
  return a.month() === b.month()
    ? `${a.format('MMM D')}–${b.format('D')}`
    : `${a.format('MMM D')} – ${b.format('MMM D')}`;
}

/**
 * The revenue window as bars: one per day for short windows ("Mon, Nov 23"), else one per
 * calendar week (Monday to Sunday) cut to the window, so the bars always add up to the window's
 * revenue and the first and last bars name the window's own first and last days.
 */
export function revenueBars(days: DashboardAnswer['revenue_by_day']): { unit: 'day' | 'week'; bars: Bar[] } {
  if (days.length <= DAILY_BARS_UP_TO) {
    return { unit: 'day', bars: days.map((d) => ({ label: day(d.day).format('ddd, MMM D'), value: d.cents })) };
  }
  const weeks: { first: string; last: string; cents: number }[] = [];
  for (const d of days) {
    const current = weeks.at(-1);
    // dayjs counts Sunday as 0: a new week starts on Monday.
    if (!current || day(d.day).day() === 1) weeks.push({ first: d.day, last: d.day, cents: d.cents });
    else {
      current.last = d.day;
      current.cents += d.cents;
    }
  }
  return { unit: 'week', bars: weeks.map((w) => ({ label: spanLabel(w.first, w.last), value: w.cents })) };
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
