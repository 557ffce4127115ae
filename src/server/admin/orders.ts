import { storeBatchArtworkIds } from '../orders/store-batch-artwork.ts';
import { adminOrderMoney } from '../orders/payments/admin-money.ts';
import { orderDesigns } from '../orders/changes/order-designs-view.ts';
import { type Kysely, sql } from 'kysely';
import type { AdminOrder, AdminOrderArtwork, AdminOrderRow, OrdersQuery } from '../../lib/admin-schemas/orders.ts';
import type { Database } from '../db/types.ts';
import { orderProduction } from '../orders/move-stage.ts';
import { endOfDay, startOfDay } from '../db/day-range.ts';
import { attentionColumns, needsAttention } from './order-queue.ts';
import { type JobLine, jobSummary } from '../../lib/orders/job-summary.ts';
import { attentionReasons } from '../../lib/orders/order-queue.ts';
import { linePricingWords, priceListWords } from '../../lib/pricing/line-words.ts';
import type { RoleKey } from '../staff/roles.ts';

const ROW_COLUMNS = [
  'o.id',
  'o.email',
  'o.user_id',
  'o.status',
  'o.subtotal_cents',
  'o.total_cents',
  'o.created_at',
  'o.attention_reason',
  'o.attention_at',
  'o.stage',
  'o.in_hands_date',
  'o.ready_by',
  'o.po_number',
] as const;

/** What the order still owes (total − paid + refunded, never below zero), joined as o. */
const owedCents = sql<number>`greatest(0, o.total_cents + o.refunded_cents - coalesce(
  (select sum(p.amount_cents) from order_payments p where p.order_id = o.id), 0))::int`;

/** Who to call about an order: the ship-to name, the payer's, the account's, or the quote's requester (joined as s, u, q). */
export const customerName = sql<
  string | null
>`coalesce(nullif(btrim(s.name), ''), o.customer_name, nullif(btrim(u.full_name), ''), q.full_name)`;

const iso = (value: Date | null) => (value === null ? null : value.toISOString());
/** A date column (midnight UTC on read) as YYYY-MM-DD. */
const day = (value: Date | null) => (value === null ? null : value.toISOString().slice(0, 10));

/**
 * GET /api/orders: newest first, a page at a time. `email` matches ignoring case; `from`/`to`
 * are whole days in the shop's time zone. Orders are read-only in the back office.
 */
export async function listOrders(db: Kysely<Database>, query: OrdersQuery): Promise<AdminOrderRow[]> {
  const rows = await filteredOrders(db, query)
    .leftJoin('order_shipping as s', 's.order_id', 'o.id')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('quote_requests as q', 'q.id', 'o.quote_request_id')
    .select([...ROW_COLUMNS, owedCents.as('balance_cents'), ...attentionColumns(), customerName.as('customer')])
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  const lines = await orderLines(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(({ waiting_stage, due_in_days, overpaid_cents, ...r }) => {
    const row = { ...r, in_hands_date: day(r.in_hands_date), ready_by: day(r.ready_by) };
    return {
      ...row,
      ...jobSummary(lines.get(r.id) ?? []),
      created_at: r.created_at.toISOString(),
      attention_at: iso(r.attention_at),
      needs: attentionReasons({ ...row, waiting_stage, due_in_days, overpaid_cents }),
    };
  });
}

/** The lines of a page of orders, in the order they were bought, per order. */
async function orderLines(db: Kysely<Database>, ids: string[]) {
  const byOrder = new Map<string, JobLine[]>();
  if (ids.length === 0) return byOrder;
  const rows = await db
    .selectFrom('order_items')
    .select(['order_id', 'name', 'item_type', 'quantity', 'variant_metadata'])
    .where('order_id', 'in', ids)
    .orderBy('order_id')
    .orderBy('position')
    .orderBy('name')
    .execute();
  for (const { order_id, ...line } of rows) {
    const list = byOrder.get(order_id) ?? [];
    list.push(line);
    byOrder.set(order_id, list);
  }
  return byOrder;
}

/** The orders a query selects (the list's page and the CSV export read the same set). */
export function filteredOrders(db: Kysely<Database>, query: Omit<OrdersQuery, 'limit' | 'offset'>) {
  let q = db.selectFrom('orders as o');
  if (query.email) q = q.where((eb) => eb(eb.fn('lower', ['o.email']), '=', query.email!.toLowerCase()));
  if (query.user_id) q = q.where('o.user_id', '=', query.user_id);
  if (query.status) q = q.where('o.status', '=', query.status);
  // Checkouts left unpaid are not jobs: the queue hides them unless asked for by status.
  if (query.unpaid === 'hide' && !query.status) q = q.where('o.status', '!=', 'pending');
  if (query.stage) q = q.where('o.stage', '=', query.stage);
  if (query.from) q = q.where('o.created_at', '>=', startOfDay(query.from));
  if (query.to) q = q.where('o.created_at', '<', endOfDay(query.to));
  if (query.attention) q = q.where(needsAttention);
  return q;
}

/** GET /api/orders/{id}: the order with its lines, its customer (if known) and where it ships. */
export async function getOrder(db: Kysely<Database>, id: string, role?: RoleKey): Promise<AdminOrder | null> {
  const order = await db
    .selectFrom('orders as o')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('order_shipping as s', 's.order_id', 'o.id')
    .leftJoin('quote_requests as q', 'q.id', 'o.quote_request_id')
    .leftJoin('stores as st', 'st.id', 'o.store_batch_of')
    .select([
      ...ROW_COLUMNS,
      'st.id as batch_store_id',
      'st.name as batch_store_name',
      owedCents.as('balance_cents'),
      ...attentionColumns(),
      customerName.as('customer'),
      'o.fulfillment',
      'o.shipping_speed',
      'o.discount_cents',
      'o.shipping_cents',
      'o.tax_cents',
      'o.discount_code',
      'o.paid_at',
      'o.fulfilled_at',
      'o.cancelled_at',
      'o.stage',
      'o.refunded_cents',
      'o.phone',
      'u.id as u_id',
      'u.full_name as u_full_name',
      'u.email as u_email',
    ])
    .where('o.id', '=', id)
    .executeTakeFirst();
  if (!order) return null;
  const [items, shipping, artwork, refunds] = await Promise.all([
    db
      .selectFrom('order_items')
      .select(['id', 'name', 'item_type', 'quantity', 'unit_price_cents', 'variant_metadata', 'product_id', 'pricing'])
      .where('order_id', '=', id)
      // In the order they were bought (older orders, without positions, by name).
      .orderBy('position')
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('order_shipping')
      .select([
        'name',
        'address_line1',
        'address_line2',
        'city',
        'state',
        'postal_code',
        'country',
        'shipping_amount_cents',
      ])
      .where('order_id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('artwork')
      .select(['id', 'original_name', 'content_type', 'byte_size', 'checks'])
      // The order's own files, or a store batch's: the files the shop fixed on the store's designs.
      .where((eb) => eb.or([eb('order_id', '=', id), eb('id', 'in', storeBatchArtworkIds(db, id))]))
      .where('status', '=', 'ready')
      // Proofs are the shop's files: they show under Production.
      .where('id', 'not in', db.selectFrom('order_proofs').select('artwork_id').where('order_id', '=', id))
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('order_refunds')
      .select(['id', 'amount_cents', 'status', 'source', 'reason', 'created_at'])
      .where('order_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  const {
    u_id,
    u_full_name,
    u_email,
    stage,
    in_hands_date,
    ready_by,
    waiting_stage,
    due_in_days,
    overpaid_cents,
    batch_store_id,
    batch_store_name,
    ...rest
  } = order;
  return {
    ...rest,
    stage,
    in_hands_date: day(in_hands_date),
    ready_by: day(ready_by),
    needs: attentionReasons({
      ...rest,
      waiting_stage,
      due_in_days,
      overpaid_cents,
      in_hands_date: day(in_hands_date),
      ready_by: day(ready_by),
    }),
    ...jobSummary(items),
    created_at: rest.created_at.toISOString(),
    attention_at: iso(rest.attention_at),
    paid_at: iso(rest.paid_at),
    fulfilled_at: iso(rest.fulfilled_at),
    cancelled_at: iso(rest.cancelled_at),
    items: items.map(({ pricing, ...item }) => ({
      ...item,
      priced: linePricingWords(pricing),
      price_lists: priceListWords(pricing),
    })),
    artwork: artwork.map(artworkOf),
    refunds: refunds.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    money: await adminOrderMoney(db, id),
    designs: await orderDesigns(db, id),
    production: await orderProduction(db, { id, status: rest.status, stage, fulfillment: rest.fulfillment }, role),
    store_batch: batch_store_id && batch_store_name ? { store_id: batch_store_id, store_name: batch_store_name } : null,
    user: u_id && u_email ? { id: u_id, full_name: u_full_name, email: u_email } : null,
    shipping: shipping ?? null,
  };
}

const numberOr = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** An attached file with what its check found (artwork.checks), for the order's owner view. */
function artworkOf(row: {
  id: string;
  original_name: string;
  content_type: string | null;
  byte_size: number | null;
  checks: unknown;
}): AdminOrderArtwork {
  const checks = (row.checks ?? {}) as Record<string, unknown>;
  return {
    id: row.id,
    file_name: row.original_name,
    content_type: row.content_type ?? 'application/octet-stream',
    byte_size: row.byte_size ?? 0,
    kind: typeof checks['kind'] === 'string' ? checks['kind'] : null,
    width_px: numberOr(checks['widthPx']),
    height_px: numberOr(checks['heightPx']),
    pages: numberOr(checks['pages']),
  };
}
