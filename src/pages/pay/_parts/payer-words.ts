import type { PayerItem } from '../../../server/orders/payments/payer-debts.ts';

/** A due date (midnight UTC of that day) as "Dec 10, 2026". */
const dueDate = (day: Date) =>
  day.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });

/** One item as the payer page says it: "Balance, order C25CA953" or "Invoice INV-1001, order C25CA953, due Dec 10, 2026". */
export function itemWords(item: PayerItem): string {
  const base = `${item.label}, order ${item.orderNumber}`;
  return item.invoice ? `${base}, due ${dueDate(item.invoice.dueOn)}` : base;
}
