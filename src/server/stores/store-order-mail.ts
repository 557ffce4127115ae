import type { Kysely } from 'kysely';
import { formatUsd } from '../../lib/money.ts';
import { addWorkingDays, countingDay, type ShopCalendar } from '../../lib/calendar/shop-calendar.ts';
import { readShopCalendar } from '../settings/shop-calendar.ts';
import { deliveryWindowWords, storeDateTime } from '../../lib/stores/store-words.ts';
import type { Database } from '../db/types.ts';
import { escapeHtml } from '../security/escape-html.ts';
import { queueOrderMail } from '../mail/order-mail.ts';
import type { Bindings } from '../mail/render.ts';

/** "December 7, 2026": a calendar day as kept ('YYYY-MM-DD'), whatever the clock's zone. */
const calendarDay = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** The day `days` of the shop's calendar after the store closes: a clock change keeps the day. */
/** `days` working days of the shop calendar after the day the close counts from, in words. */
const dayAfterClose = (calendar: ShopCalendar, closes: Date, days: number) =>
  calendarDay.format(new Date(`${addWorkingDays(calendar, countingDay(calendar, closes), days)}T00:00:00Z`));

/** A store order's line as the buyer's e-mail lists it: "2 x Eagles Tee (Navy, L), name SMITH, number 12". */
function lineWords(item: { name: string; quantity: number; variant_metadata: Record<string, unknown> }): string {
  const m = item.variant_metadata;
  const options = [m['color'], m['size']].filter((v): v is string => typeof v === 'string' && !!v);
  const p = (m['personalisation'] ?? {}) as { name?: unknown; number?: unknown };
  const extra = [
    typeof p.name === 'string' ? `name ${p.name}` : null,
    typeof p.number === 'string' ? `number ${p.number}` : null,
  ].filter(Boolean);
  return [`${item.quantity} x ${item.name}${options.length > 0 ? ` (${options.join(', ')})` : ''}`, ...extra].join(
    ', ',
  );
}

/** What the payment holds besides the pieces (shipping when the store ships, the sales tax) and the total, in words. */
function chargeLines(order: { total_cents: number; shipping_cents: number; tax_cents: number }): Bindings {
  const rows: [string, string][] = [
    ...(order.shipping_cents > 0 ? [['Shipping', formatUsd(order.shipping_cents)] as [string, string]] : []),
    ['Sales tax', formatUsd(order.tax_cents)],
  ];
  const total = formatUsd(order.total_cents);
  return {
    chargesText: [...rows.map(([k, v]) => `${k}: ${v}`), `Total: ${total}`].join('\n'),
    chargesHtml: [
      ...rows.map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td align="right">${escapeHtml(v)}</td></tr>`),
      `<tr><td><strong>Total</strong></td><td align="right"><strong>${escapeHtml(total)}</strong></td></tr>`,
    ].join(''),
  };
}

/** The store confirmation's own values: what was bought, the close, and when and where it comes. */
export function storeOrderValues(
  store: {
    name: string;
    organiser_name: string;
    closes_at: Date;
    delivery: 'ship' | 'organiser';
    delivery_days_min: number;
    delivery_days_max: number;
  },
  order: { total_cents: number; shipping_cents: number; tax_cents: number },
  items: { name: string; quantity: number; unit_price_cents: number; variant_metadata: Record<string, unknown> }[],
  calendar: ShopCalendar,
): Bindings {
  const pieces = items.filter((i) => typeof i.variant_metadata['store_design_id'] === 'string');
  const closes = new Date(store.closes_at);
  const from = dayAfterClose(calendar, closes, store.delivery_days_min);
  const to = dayAfterClose(calendar, closes, store.delivery_days_max);
  const where =
    store.delivery === 'ship'
      ? 'We ship it to the address you gave at checkout.'
      : `It comes to ${store.organiser_name}, bagged with your name, to hand out.`;
  return {
    storeName: store.name,
    itemsText: pieces.map((i) => `${lineWords(i)} = ${formatUsd(i.unit_price_cents * i.quantity)}`).join('\n'),
    itemsHtml: pieces
      .map(
        (i) =>
          `<tr><td>${escapeHtml(lineWords(i))}</td><td align="right">${escapeHtml(formatUsd(i.unit_price_cents * i.quantity))}</td></tr>`,
      )
      .join(''),
    total: formatUsd(order.total_cents),
    ...chargeLines(order),
    closesAt: storeDateTime(closes),
    deliveryWhen: `${deliveryWindowWords(store.delivery_days_min, store.delivery_days_max)} (${from === to ? from : `${from} to ${to}`})`,
    deliveryWhere: where,
  };
}

/**
 * Queues a paid store order's confirmation (template 'store-order-confirmation', owner-editable),
 * in the transaction that marks it paid, like the shop's order confirmation.
 */
export async function queueStoreOrderConfirmation(trx: Kysely<Database>, orderId: string): Promise<string | null> {
  const order = await trx
    .selectFrom('orders as o')
    .innerJoin('stores as s', 's.id', 'o.store_id')
    .select([
      'o.total_cents',
      'o.shipping_cents',
      'o.tax_cents',
      's.name',
      's.organiser_name',
      's.closes_at',
      's.delivery',
      's.delivery_days_min',
      's.delivery_days_max',
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (!order) return null;
  const items = await trx
    .selectFrom('order_items')
    .select(['name', 'quantity', 'unit_price_cents', 'variant_metadata'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
  const customer = await trx.selectFrom('orders').select('customer_name').where('id', '=', orderId).executeTakeFirst();
  return queueOrderMail(trx, orderId, 'store-order-confirmation', {
    ...storeOrderValues(order, order, items as never, await readShopCalendar(trx)),
    ...(customer?.customer_name ? { customerName: customer.customer_name } : {}),
  });
}
