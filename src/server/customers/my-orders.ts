import { type Kysely, sql } from 'kysely';
import type { QuoteStatus } from '../../lib/admin-schemas/quote-statuses.ts';
import { domainOf } from '../../lib/orders/business-accounts.ts';
import { invoiceNumber } from '../../lib/orders/on-account.ts';
import { balanceDue, type OrderMoney, requestAmountNow, requestLabel } from '../../lib/orders/order-balance.ts';
import { orderNumber } from '../../lib/orders/order-number.ts';
import { isOrderStage, STAGE_LABELS } from '../../lib/orders/order-stages.ts';
import type { Database } from '../db/types.ts';
import { linkSecret, signLink } from '../links/signed-links.ts';
import { askOf } from '../orders/payments/request-views.ts';

/**
 * Everything one address has with the shop (issue 48, My orders): its orders (card, on account
 * with their invoice, store purchases) with their state, proof, artwork thumbnails, tracking,
 * open payment requests and what is owed, and its quote requests; newest first. One query per
 * kind, each on a lower(email) index or the order ids, so 200 orders stay a handful of queries.
 */
export interface MyOrder {
  kind: 'order';
  id: string;
  number: string;
  at: Date;
  /** "Store purchase: Eagles Golf 2026" or "Order". */
  what: string;
  /** Someone else of a business account that shares its orders; null for the customer's own. */
  placedBy: string | null;
  state: string;
  totalCents: number;
  owedCents: number;
  invoice: { number: string; dueOn: Date } | null;
  tracking: { number: string; url: string | null; carrier: string | null } | null;
  proofWaiting: boolean;
  /** The order page behind its signed link; thumbnails and Pay are there too. */
  href: string;
  thumbnails: string[];
  requests: { label: string; amountCents: number }[];
}

export interface MyQuote {
  kind: 'quote';
  id: string;
  reference: string;
  at: Date;
  what: string;
  state: string;
  href: string;
}

export type MyEntry = MyOrder | MyQuote;

const QUOTE_STATE: Record<QuoteStatus, string> = {
  new: 'Asked, we are pricing it',
  quoted: 'Quoted: ready for you to accept',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

function orderState(row: { status: string; stage: string | null; owed: number; invoice: boolean }): string {
  if (row.status === 'cancelled') return 'Cancelled';
  if (!row.stage || !isOrderStage(row.stage)) return 'Awaiting payment';
  if (row.stage === 'paid' && row.invoice && row.owed > 0) return 'On account';
  return STAGE_LABELS[row.stage];
}

/** The active accounts that share their orders with everyone they match, `email` among them. */
const sharedAccounts = (db: Kysely<Database>, email: string) =>
  db
    .selectFrom('business_accounts as b')
    .select('b.id')
    .where('b.orders_shared', '=', true)
    .where('b.active', '=', true)
    .where((w) => w.or([w('b.email', '=', email), w('b.domain', '=', domainOf(email) ?? '')]));

async function ordersOf(db: Kysely<Database>, email: string) {
  return (
    db
      .selectFrom('orders as o')
      .leftJoin('invoices as i', 'i.order_id', 'o.id')
      .leftJoin('stores as s', 's.id', 'o.store_id')
      .select(['o.id', 'o.email', 'o.created_at', 'o.status', 'o.stage', 'o.total_cents', 'o.refunded_cents'])
      .select([
        'o.tracking_number',
        'o.tracking_url',
        'o.carrier',
        'i.number as invoice_number',
        'i.due_on',
        's.name as store',
      ])
      .select(
        sql<number>`(select coalesce(sum(p.amount_cents), 0)::int from order_payments p where p.order_id = o.id)`.as(
          'paid_cents',
        ),
      )
      // Their own orders, and every order of a business account they belong to that shares its orders.
      .where((eb) =>
        eb.or([eb(sql<string>`lower(o.email)`, '=', email), eb('o.account_id', 'in', sharedAccounts(db, email))]),
      )
      .where('o.store_batch_of', 'is', null)
      // A card checkout never finished is nobody's order; one on account waits for its confirmation.
      .where((eb) => eb.or([eb('o.status', '<>', 'pending'), eb('o.account_id', 'is not', null)]))
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .execute()
  );
}

/** Everything `email` (lower-case) has with the shop, newest first. */
export async function myOrders(db: Kysely<Database>, email: string, origin = ''): Promise<MyEntry[]> {
  const orders = await ordersOf(db, email);
  const ids = orders.map((o) => o.id);
  const [files, requests, quotes] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .selectFrom('artwork')
          .select(['id', 'order_id'])
          .where('order_id', 'in', ids)
          .where('thumbnail_key', 'is not', null)
          .orderBy('created_at')
          .execute(),
    ids.length === 0
      ? []
      : db
          .selectFrom('payment_requests')
          .select(['order_id', 'kind', 'share_percent', 'amount_cents'])
          .where('order_id', 'in', ids)
          .where('status', '=', 'open')
          .orderBy('created_at')
          .execute(),
    db
      .selectFrom('quote_requests')
      .select(['id', 'reference', 'created_at', 'what', 'status'])
      .where(sql<string>`lower(email)`, '=', email)
      .orderBy('created_at', 'desc')
      .execute(),
  ]);
  const secret = linkSecret();
  const entries: MyEntry[] = orders.map((o) => {
    const money: OrderMoney = { totalCents: o.total_cents, paidCents: o.paid_cents, refundedCents: o.refunded_cents };
    const owed = o.status === 'cancelled' ? 0 : balanceDue(money);
    const href = `${origin}/orders/${signLink('order', o.id, { secret })}`;
    return {
      kind: 'order',
      id: o.id,
      number: orderNumber(o.id),
      at: o.created_at,
      what: o.store ? `Store purchase: ${o.store}` : 'Order',
      placedBy: o.email.toLowerCase() === email ? null : o.email,
      state: orderState({ status: o.status, stage: o.stage, owed, invoice: o.invoice_number !== null }),
      totalCents: o.total_cents,
      owedCents: owed,
      invoice:
        o.invoice_number !== null && o.due_on ? { number: invoiceNumber(o.invoice_number), dueOn: o.due_on } : null,
      tracking: o.tracking_number ? { number: o.tracking_number, url: o.tracking_url, carrier: o.carrier } : null,
      proofWaiting: o.stage === 'proof_sent',
      href,
      thumbnails: files.filter((f) => f.order_id === o.id).map((f) => `${href}/files/${f.id}/thumbnail`),
      requests: requests
        .filter((r) => r.order_id === o.id)
        .map((r) => ({ label: requestLabel(askOf(r)), amountCents: requestAmountNow(askOf(r), money) })),
    };
  });
  for (const q of quotes) {
    entries.push({
      kind: 'quote',
      id: q.id,
      reference: q.reference,
      at: q.created_at,
      what: q.what,
      state: QUOTE_STATE[q.status as QuoteStatus] ?? q.status,
      href: `${origin}/quotes/${signLink('quote', q.id, { secret })}`,
    });
  }
  return entries.sort((a, b) => b.at.getTime() - a.at.getTime());
}
