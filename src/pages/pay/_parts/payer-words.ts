import { shopDateWords } from '../../../lib/site/shop-time.ts';
import type { PayerItem } from '../../../server/orders/payments/payer-debts.ts';

/** A due date (a date column: midnight UTC of that day) as "Thu, Dec 10, 2026". */
const dueDate = (day: Date) => shopDateWords(day.toISOString().slice(0, 10));

/** One item as the payer page says it: "Balance, order C25CA953" or "Invoice INV-1001, order C25CA953, due Thu, Dec 10, 2026". */
export function itemWords(item: PayerItem): string {
  const base = `${item.label}, order ${item.orderNumber}`;
  return item.invoice ? `${base}, due ${dueDate(item.invoice.dueOn)}` : base;
}
