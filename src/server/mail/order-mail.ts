import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { orderPageUrl } from '../links/signed-links.ts';
import { artworkBindings, missingArtwork } from './artwork-bindings.ts';
import { orderNumber } from '../../lib/orders/order-number.ts';
import { enqueueMail, isDeliverable, type TemplateName } from './outbox.ts';
import type { Bindings } from './render.ts';

/**
 * Queues one of an order's e-mails (proof ready, shipped, refunded...) to its customer, on `db`:
 * pass the transaction that records the step, so the mail exists exactly when the step does.
 * Every one carries the customer's name, the order number, the signed link to their order page
 * and the shop's name, and the upload link while artwork is missing (artworkText/artworkHtml,
 * empty otherwise); `extra` adds the step's own values. An order whose address cannot
 * receive mail is skipped (null).
 */
export async function queueOrderMail(
  db: Kysely<Database>,
  orderId: string,
  template: TemplateName,
  extra: Bindings = {},
): Promise<string | null> {
  const order = await db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.user_id')
    .leftJoin('order_shipping', 'order_shipping.order_id', 'orders.id')
    .select(['orders.email', 'users.full_name', 'order_shipping.name as shipping_name'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (!order || !isDeliverable(order.email)) return null;
  const orderUrl = orderPageUrl(orderId);
  return enqueueMail(db, {
    template,
    to: order.email,
    values: {
      customerName: order.full_name || order.shipping_name || 'there',
      orderNumber: orderNumber(orderId),
      orderUrl,
      ...artworkBindings(await missingArtwork(db, orderId), orderUrl),
      ...extra,
    },
  });
}
