import type { Kysely } from 'kysely';
import type { PaymentRequestView } from '../../../lib/admin-schemas/payment-request.ts';
import { type OrderMoney, type RequestAsk, requestAmountNow, requestLabel } from '../../../lib/orders/order-balance.ts';
import type { Database, PaymentRequestsTable } from '../../db/types.ts';
import type { Selectable } from 'kysely';

type RequestRow = Pick<Selectable<PaymentRequestsTable>, 'kind' | 'share_percent' | 'amount_cents'>;

/** The row's ask in the shape src/lib/orders/order-balance.ts reads. */
export function askOf(row: RequestRow): RequestAsk {
  if (row.kind === 'share') return { kind: 'share', sharePercent: row.share_percent ?? 0 };
  if (row.kind === 'amount') return { kind: 'amount', amountCents: row.amount_cents ?? 0 };
  return { kind: 'balance' };
}

/**
 * An order's payment requests, newest first: an open one with what it asks now (recomputed from
 * the order as it is), a paid one with what was paid for it; an open one whose bank payment is
 * processing says how much.
 */
export async function paymentRequestViews(
  db: Kysely<Database>,
  orderId: string,
  money: OrderMoney,
): Promise<PaymentRequestView[]> {
  const rows = await db
    .selectFrom('payment_requests as r')
    .leftJoin('order_payments as p', 'p.request_id', 'r.id')
    .select(['r.id', 'r.kind', 'r.share_percent', 'r.amount_cents', 'r.note', 'r.status', 'r.created_at'])
    .select(['r.processing_since', 'r.session_amount_cents'])
    .select('p.amount_cents as paid_cents')
    .where('r.order_id', '=', orderId)
    .orderBy('r.created_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    label: requestLabel(askOf(row)),
    note: row.note,
    status: row.status,
    amount_cents: row.status === 'paid' ? (row.paid_cents ?? 0) : requestAmountNow(askOf(row), money),
    processing_cents: row.status === 'open' && row.processing_since ? row.session_amount_cents : null,
    created_at: row.created_at.toISOString(),
  }));
}
