/**
 * Accounts receivable (docs/decisions/0029-deposits.md): what customers owe the shop, aged by how long it is past due.
 * Pure, so the server's answer and the admin screen read one rule.
 */

/** Ageing buckets, in the order an owner reads them (current first). */
export const AGEING_BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export const AGEING_LABELS: Readonly<Record<AgeingBucket, string>> = {
  current: 'Current',
  d1_30: '1–30 days',
  d31_60: '31–60 days',
  d61_90: '61–90 days',
  d90_plus: 'Over 90 days',
};

/** The bucket of an amount `daysPastDue` days past its due day (0 or less: not yet due). */
export function ageingBucket(daysPastDue: number): AgeingBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return 'd1_30';
  if (daysPastDue <= 60) return 'd31_60';
  if (daysPastDue <= 90) return 'd61_90';
  return 'd90_plus';
}

/** Zero in every bucket. */
export const emptyBuckets = (): Record<AgeingBucket, number> => ({
  current: 0,
  d1_30: 0,
  d31_60: 0,
  d61_90: 0,
  d90_plus: 0,
});

/** One open amount: an invoice (its order's balance) or an open payment request (what it asks now). */
export interface ReceivableItem {
  kind: 'invoice' | 'request';
  /** The invoice's or the request's id. */
  id: string;
  order_id: string;
  /** "3F2A9C1B", as the customer quotes it. */
  order_number: string;
  /** "INV-1001" for an invoice; null for a request. */
  invoice_number: string | null;
  /** The invoice's signed page (null for a request). */
  invoice_url: string | null;
  po_number: string | null;
  /** What it is in words: "Invoice INV-1001" or the request's name ("Deposit 50 %"). */
  label: string;
  /** YYYY-MM-DD (shop time zone): an invoice's issue day, a request's asking day. */
  issued_on: string;
  /** YYYY-MM-DD: an invoice's due_on; a request is due the day it was asked. */
  due_on: string;
  /** Whole days past due (0 or less: current). */
  days_past_due: number;
  bucket: AgeingBucket;
  amount_cents: number;
}

/** Everything one customer owes: a business account by name, or an address. */
export interface ReceivableCustomer {
  /** The business account's name when the order has one, else the order's e-mail. */
  customer: string;
  account_id: string | null;
  items: ReceivableItem[];
  buckets: Record<AgeingBucket, number>;
  total_cents: number;
}

/** GET /api/admin/receivables. */
export interface ReceivablesAnswer {
  /** The day the ageing counts from (YYYY-MM-DD, shop time zone). */
  today: string;
  customers: ReceivableCustomer[];
  buckets: Record<AgeingBucket, number>;
  total_cents: number;
}

/** Groups open items by customer, each bucket and total summed; customers by name, items by due day. */
export function receivablesByCustomer(
  today: string,
  items: readonly (ReceivableItem & { customer: string; account_id: string | null })[],
): ReceivablesAnswer {
  const byCustomer = new Map<string, ReceivableCustomer>();
  const buckets = emptyBuckets();
  let total = 0;
  for (const { customer, account_id, ...item } of items) {
    const key = account_id ? `account:${account_id}` : `email:${customer.toLowerCase()}`;
    const group = byCustomer.get(key) ?? { customer, account_id, items: [], buckets: emptyBuckets(), total_cents: 0 };
    group.items.push(item);
    group.buckets[item.bucket] += item.amount_cents;
    group.total_cents += item.amount_cents;
    buckets[item.bucket] += item.amount_cents;
    total += item.amount_cents;
    byCustomer.set(key, group);
  }
  const customers = [...byCustomer.values()].sort((a, b) =>
    a.customer.localeCompare(b.customer, 'en', { sensitivity: 'base' }),
  );
  for (const c of customers) {
    c.items.sort((a, b) => a.due_on.localeCompare(b.due_on) || a.order_number.localeCompare(b.order_number));
  }
  return { today, customers, buckets, total_cents: total };
}
