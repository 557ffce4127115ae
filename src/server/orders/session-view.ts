import type { Kysely } from 'kysely';
import type { CheckoutSessionView } from '../../lib/cart/checkout-schema.ts';
import type { Database, Fulfillment, OrderStatus, ShippingSpeed } from '../db/types.ts';
import { isPaid } from '../../lib/orders/order-stages.ts';
import { storedLineLabel } from '../../lib/orders/line-label.ts';
import { orderLinesWithPictures } from './order-lines.ts';
import { findPaymentSession } from './payments/payment-sessions.ts';

/** An order with its lines, looked up by its payment session id. */
export interface SessionOrderDetails {
  id: string;
  sessionId: string;
  status: OrderStatus;
  /** A pending order past expires_at: no longer payable, waiting for the sweep. */
  lapsed: boolean;
  fulfillment: Fulfillment;
  shippingSpeed: ShippingSpeed | null;
  subtotalCents: number;
  discountCents: number;
  discountCode: string | null;
  /** The address a personal code bound the order to: payment is for it only. */
  discountEmail: string | null;
  shippingCents: number;
  taxCents: number;
  /** Which rate applied ("Tax 8.25 % — Lubbock, TX"); null: an order from before the rules (issue 50). */
  taxLabel: string | null;
  totalCents: number;
  /** What this session charges when it is a quote's deposit (docs/decisions/0029-deposits.md); null: the total. */
  depositCents: number | null;
  /** A team store's order: the store's page (its slug), where a cancelled checkout returns; null for any other. */
  storeSlug: string | null;
  items: {
    id: string;
    label: string;
    name: string;
    quantity: number;
    unitPriceCents: number;
    /** A list-priced line's price in words (order_items.pricing.breakdown); null: none. */
    breakdown: string | null;
    /** The line's picture: its colour's own, else the product's main image; null for charges. */
    imageUrl: string | null;
  }[];
}

/** Loads the order behind a session of the given provider, or null. */
export async function findSessionOrder(
  db: Kysely<Database>,
  sessionId: string,
  provider = 'embedded',
): Promise<SessionOrderDetails | null> {
  // One lookup names the session's order (payment-sessions.ts); a request's session has none here.
  const session = await findPaymentSession(db, sessionId);
  const ownsOrder = session?.purpose === 'checkout' || session?.purpose === 'store';
  if (!session?.orderId || !ownsOrder || session.provider !== provider) return null;
  const order = await db
    .selectFrom('orders')
    .select([
      'id',
      'status',
      'fulfillment',
      'shipping_speed',
      'subtotal_cents',
      'discount_cents',
      'discount_code',
      'discount_email',
      'shipping_cents',
      'tax_cents',
      'tax_label',
      'total_cents',
      'deposit_cents',
      'expires_at',
    ])
    .select((eb) =>
      eb.selectFrom('stores as s').select('s.slug').whereRef('s.id', '=', 'orders.store_id').as('store_slug'),
    )
    .where('id', '=', session.orderId)
    .executeTakeFirst();
  if (!order) return null;
  const items = await orderLinesWithPictures(db, order.id);
  return {
    id: order.id,
    sessionId,
    status: order.status,
    lapsed: order.status === 'pending' && order.expires_at !== null && order.expires_at.getTime() < Date.now(),
    fulfillment: order.fulfillment,
    shippingSpeed: order.shipping_speed,
    subtotalCents: order.subtotal_cents,
    discountCents: order.discount_cents,
    discountCode: order.discount_code,
    discountEmail: order.discount_email,
    shippingCents: order.shipping_cents,
    taxCents: order.tax_cents,
    taxLabel: order.tax_label,
    totalCents: order.total_cents,
    depositCents: order.deposit_cents,
    storeSlug: order.store_slug,
    items: items.map((item) => {
      const meta = item.variant_metadata;
      return {
        id: item.id,
        name: item.name,
        label: storedLineLabel(item.name, meta),
        quantity: item.quantity,
        unitPriceCents: item.unit_price_cents,
        breakdown: item.pricing && 'breakdown' in item.pricing ? item.pricing.breakdown : null,
        imageUrl: item.image_url,
      };
    }),
  };
}

/** The order as a Stripe-like checkout session (what GET /api/checkout/session answers). */
export function sessionViewOfOrder(order: SessionOrderDetails): CheckoutSessionView {
  const paid = isPaid(order);
  return {
    id: order.sessionId,
    status: paid ? 'complete' : order.status === 'cancelled' || order.lapsed ? 'expired' : 'open',
    payment_status: paid ? 'paid' : 'unpaid',
    // What the session charges, as Stripe's amount_total: the deposit of a quote taken with one.
    amount_total: order.depositCents ?? order.totalCents,
    line_items: {
      data: order.items.map((item) => ({
        id: item.id,
        description: item.label,
        name: item.name,
        quantity: item.quantity,
        amount_subtotal: item.unitPriceCents * item.quantity,
        amount_total: item.unitPriceCents * item.quantity,
        ...(item.imageUrl ? { image_url: item.imageUrl } : {}),
      })),
    },
  };
}
