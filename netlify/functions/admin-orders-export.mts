import type { Config } from '@netlify/functions';
import { ordersExportQuerySchema } from '../../src/lib/admin-schemas/orders.ts';
import { shopDay, shopLocalWords } from '../../src/lib/site/shop-time.ts';
import { csvLines } from '../../src/server/admin/csv.ts';
import { pricedLinesByOrder } from '../../src/server/admin/priced-lines-export.ts';
import { filteredOrders } from '../../src/server/admin/orders.ts';
import { refundsMadeCents } from '../../src/server/orders/refunds-made.ts';
import { adminFunction, parseQuery } from '../../src/server/admin/route.ts';

/** Orders in one file, at most this many (the newest): a shop's year, not its whole history. */
const EXPORT_MAX = 50_000;

/**
 * GET /api/order-export: the orders the list's filters select, as CSV for a spreadsheet (issue
 * #16), newest first, every cell escaped against formula injection (csv.ts). Refunded is what
 * was given back: a refund still pending is not (refundsMadeCents). Priced items: each line priced
 * by the owner's lists with its inputs and breakdown, as the order keeps them.
 */
export default adminFunction(async (_req, { db, url }) => {
  const query = parseQuery(url, ordersExportQuerySchema);
  const rows = await filteredOrders(db, query)
    .select([
      'o.id',
      'o.created_at',
      'o.email',
      'o.status',
      'o.stage',
      'o.fulfillment',
      'o.total_cents',
      refundsMadeCents('o').as('refunded_cents'),
      'o.in_hands_date',
      'o.carrier',
      'o.tracking_number',
      'o.discount_code',
    ])
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(EXPORT_MAX)
    .execute();
  const priced = await pricedLinesByOrder(
    db,
    rows.map((o) => o.id),
  );
  const money = (cents: number) => (cents / 100).toFixed(2);
  const body = csvLines([
    [
      'Order',
      'Created',
      'Email',
      'Status',
      'Stage',
      'Fulfillment',
      'Total (USD)',
      'Refunded (USD)',
      'In hands by',
      'Carrier',
      'Tracking',
      'Discount code',
      'Priced items',
    ],
    ...rows.map((o) => [
      o.id,
      shopLocalWords(o.created_at),
      o.email,
      o.status,
      o.stage ?? '',
      o.fulfillment,
      money(o.total_cents),
      money(o.refunded_cents),
      o.in_hands_date ? o.in_hands_date.toISOString().slice(0, 10) : '',
      o.carrier,
      o.tracking_number,
      o.discount_code,
      priced.get(o.id) ?? '',
    ]),
  ]);
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="orders-${shopDay()}.csv"`,
    },
  });
});

export const config: Config = { path: '/api/order-export', method: 'GET' };
