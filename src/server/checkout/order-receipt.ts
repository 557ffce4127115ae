import type { Kysely } from 'kysely';
import type { OrderReceipt } from '../../lib/cart/checkout-schema.ts';
import { orderNumber } from '../../lib/orders/order-number.ts';
import { storedLocations } from '../../lib/orders/order-locations.ts';
import { linePricingWords } from '../../lib/pricing/line-words.ts';
import { isPaid } from '../../lib/orders/order-stages.ts';
import type { Database } from '../db/types.ts';
import { orderPageUrl } from '../links/signed-links.ts';
import { storedLineLabel } from '../../lib/orders/line-label.ts';
import { orderLinesWithPictures } from '../orders/order-lines.ts';
import { lateStorePaymentReceipt } from './store-closed-receipt.ts';

/**
 * The order behind a checkout session as the success page's receipt
 * (docs/decisions/0028-owner-and-receipts.md): its number as the e-mails quote it, its lines as
 * bought (pieces with their pictures and what is printed on them, then the print and setup charges
 * the order records), its totals, and once paid the signed link to its status page, the one the
 * confirmation e-mail carries; a store order whose payment came after the store closed says so
 * (refunded, in no print run). The session id is the secret of this lookup, as it is for the
 * session itself. Null when no order has the session.
 */
export async function orderReceipt(db: Kysely<Database>, sessionId: string): Promise<OrderReceipt | null> {
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
      'shipping_cents',
      'tax_cents',
      'total_cents',
      'deposit_cents',
      'store_id',
    ])
    .where('payment_session_id', '=', sessionId)
    .executeTakeFirst();
  if (!order) return null;
  const [items, storeClosed] = await Promise.all([
    orderLinesWithPictures(db, order.id),
    order.store_id && !isPaid(order) ? lateStorePaymentReceipt(db, order.id) : null,
  ]);
  return {
    order_number: orderNumber(order.id),
    order_url: isPaid(order) ? orderPageUrl(order.id) : null,
    lines: items.map((item) => {
      const meta = item.variant_metadata as Record<string, unknown>;
      return {
        id: item.id,
        kind: item.item_type,
        description: item.item_type === 'product' ? storedLineLabel(item.name, meta) : item.name,
        quantity: item.quantity,
        amount_cents: item.unit_price_cents * item.quantity,
        print: item.item_type === 'product' ? storedLocations(meta).map((l) => l.name) : [],
        image_url: item.image_url,
        priced: linePricingWords(item.pricing),
      };
    }),
    subtotal_cents: order.subtotal_cents,
    discount_cents: order.discount_cents,
    discount_code: order.discount_code,
    fulfillment: order.fulfillment,
    shipping_speed: order.shipping_speed,
    shipping_cents: order.shipping_cents,
    tax_cents: order.tax_cents,
    total_cents: order.total_cents,
    deposit_cents: order.deposit_cents,
    ...(storeClosed ? { store_closed: storeClosed } : {}),
  };
}
