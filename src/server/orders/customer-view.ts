import { QUOTED_ITEM_TYPES } from '../../lib/quotes/quote-pricing.ts';
import { type Kysely, sql } from 'kysely';
import { storedLocations } from '../../lib/orders/order-locations.ts';
import { linePricingWords, type LinePricingWords } from '../../lib/pricing/line-words.ts';
import { isPaid, type OrderStage, openMoves, stageOf } from '../../lib/orders/order-stages.ts';
import { storedLineLabel } from '../../lib/orders/line-label.ts';
import type { Database } from '../db/types.ts';
import { orderNumber } from '../../lib/orders/order-number.ts';
import { orderTimeline, stageContext } from './move-stage.ts';
import { refundsMadeCents } from './refunds-made.ts';
import { type OrderPaymentsView, orderPaymentsView } from './payments/customer-payments.ts';

/**
 * What the customer's order page shows (docs/decisions/0016-order-workflow.md): everything about
 * one order, nothing about others.
 */
export interface CustomerOrderView {
  id: string;
  number: string;
  status: 'pending' | 'paid' | 'cancelled';
  stage: OrderStage | null;
  /** The proof answers the customer can give now (approve, request changes), if any. */
  canAnswerProof: boolean;
  createdAt: Date;
  /** The day the turnaround promised at checkout (YYYY-MM-DD); null: none. */
  readyBy: string | null;
  fulfillment: 'shipping' | 'local';
  totalCents: number;
  refundedCents: number;
  /** Whether a print location still without its file can take one from this page now. */
  canSendArtwork: boolean;
  /** The order's money as it is now (after any change of its lines), in cents. */
  amounts: {
    subtotalCents: number;
    discountCents: number;
    shippingCents: number;
    taxCents: number;
    /** Which rate applied ("Tax 8.25 % — Lubbock, TX"); null: an order from before issue 50. */
    taxLabel: string | null;
  };
  /**
   * Every line of the order as it is now, with its price: pieces, their charges (print, setup)
   * and the owner's adjustments, so a change after payment shows here, not only in the history.
   */
  items: {
    id: string;
    /** 'product' and quoted lines take artwork; charges and adjustments are money only. */
    kind: 'piece' | 'charge' | 'adjustment';
    label: string;
    quantity: number;
    /** quantity × the unit price, in cents (an adjustment's may be below zero). */
    amountCents: number;
    locations: { code: string; name: string; artwork: { id: string; name: string } | null }[];
    /** A list-priced line's inputs and breakdown in words, as the order keeps them; null: flat. */
    priced: LinePricingWords | null;
  }[];
  proof: {
    id: string;
    artworkId: string;
    name: string;
    contentType: string | null;
    note: string | null;
    sentAt: Date;
  } | null;
  shipment: { carrier: string; trackingNumber: string; trackingUrl: string | null } | null;
  /** The timeline without who in the shop did each entry: staff names stay in the back office. */
  timeline: Omit<Awaited<ReturnType<typeof orderTimeline>>[number], 'by'>[];
  /** Payments received, the balance due and open payment requests (docs/decisions/0029-deposits.md). */
  money: OrderPaymentsView;
}

export async function customerOrderView(db: Kysely<Database>, orderId: string): Promise<CustomerOrderView | null> {
  const order = await db
    .selectFrom('orders')
    .select([
      'id',
      'status',
      'stage',
      'fulfillment',
      'subtotal_cents',
      'discount_cents',
      'shipping_cents',
      'tax_cents',
      'tax_label',
      'total_cents',
      'created_at',
      'carrier',
      'tracking_number',
      'tracking_url',
    ])
    .select(sql<string | null>`to_char(ready_by, 'YYYY-MM-DD')`.as('ready_by'))
    // A refund still pending (its outcome unknown until the sweep settles it) is not shown as given back.
    .select(refundsMadeCents('orders').as('refunds_made_cents'))
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return null;
  const rows = await db
    .selectFrom('order_items')
    .select(['id', 'name', 'item_type', 'quantity', 'unit_price_cents', 'variant_metadata', 'pricing'])
    .where('order_id', '=', orderId)
    // As bought, then as changed; lines from before positions were kept by name.
    .orderBy('position')
    .orderBy('name')
    .orderBy('id')
    .execute();
  const files = await db
    .selectFrom('artwork')
    .select(['id', 'original_name', 'content_type'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'ready')
    .execute();
  const fileById = new Map(files.map((f) => [f.id, f]));
  const proof = await db
    .selectFrom('order_proofs')
    .select(['id', 'artwork_id', 'note', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const paid = isPaid(order);
  const context = paid ? await stageContext(db, orderId, order.fulfillment) : null;
  const stage = paid ? stageOf(order) : null;
  const proofFile = proof ? fileById.get(proof.artwork_id) : undefined;
  return {
    id: order.id,
    number: orderNumber(order.id),
    status: order.status,
    stage,
    canAnswerProof: !!(
      stage &&
      context &&
      proofFile &&
      openMoves(stage, 'customer', context).some((to) => to === 'approved' || to === 'changes_requested')
    ),
    // After a proof, new artwork goes with a change request instead.
    canSendArtwork: stage === 'paid' || stage === 'awaiting_artwork',
    createdAt: order.created_at,
    readyBy: order.ready_by,
    fulfillment: order.fulfillment,
    totalCents: order.total_cents,
    refundedCents: order.refunds_made_cents,
    amounts: {
      subtotalCents: order.subtotal_cents,
      discountCents: order.discount_cents,
      shippingCents: order.shipping_cents,
      taxCents: order.tax_cents,
      taxLabel: order.tax_label,
    },
    // The owner's adjustments after the lines they adjust, whatever position they were given.
    items: [
      ...rows.filter((r) => r.item_type !== 'adjustment'),
      ...rows.filter((r) => r.item_type === 'adjustment'),
    ].map((row) => {
      const meta = row.variant_metadata as Record<string, unknown>;
      return {
        id: row.id,
        kind: lineKind(row.item_type),
        label: storedLineLabel(row.name, meta),
        quantity: row.quantity,
        amountCents: row.quantity * row.unit_price_cents,
        locations: storedLocations(meta).map((l) => {
          const file = l.artwork_id ? fileById.get(l.artwork_id) : undefined;
          return { code: l.code, name: l.name, artwork: file ? { id: file.id, name: file.original_name } : null };
        }),
        priced: linePricingWords(row.pricing),
      };
    }),
    proof:
      proof && proofFile
        ? {
            id: proof.id,
            artworkId: proof.artwork_id,
            name: proofFile.original_name,
            contentType: proofFile.content_type,
            note: proof.note,
            sentAt: proof.created_at,
          }
        : null,
    shipment:
      order.carrier && order.tracking_number
        ? { carrier: order.carrier, trackingNumber: order.tracking_number, trackingUrl: order.tracking_url }
        : null,
    timeline: (await orderTimeline(db, orderId)).map(({ by: _staff, ...entry }) => entry),
    money: (await orderPaymentsView(db, orderId))!,
  };
}

/** What a stored line is to the customer: pieces (and quoted lines) take artwork, the rest is money. */
function lineKind(itemType: string): CustomerOrderView['items'][number]['kind'] {
  if (itemType === 'adjustment') return 'adjustment';
  return itemType === 'product' || (QUOTED_ITEM_TYPES as readonly string[]).includes(itemType) ? 'piece' : 'charge';
}
