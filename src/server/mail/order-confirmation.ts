import { type BalanceDue, balanceDueWords } from '../../lib/orders/order-balance.ts';
import type { Kysely } from 'kysely';
import { formatUsd } from '../../lib/money.ts';
import { orderNumber } from '../../lib/orders/order-number.ts';
import type { OrderChargePricing, OrderItemPricing } from '../../lib/pricing/line-record.ts';
import { type LinePricingWords, linePricingWords } from '../../lib/pricing/line-words.ts';
import { shopDateWords } from '../../lib/site/shop-time.ts';
import type { Database } from '../db/types.ts';
import { orderPageUrl } from '../links/signed-links.ts';
import { artworkBindings, missingArtwork } from './artwork-bindings.ts';
import { escapeHtml } from '../security/escape-html.ts';
import type { Bindings } from './render.ts';
import { enqueueMail, isDeliverable } from './outbox.ts';
import type { ShippingSpeed } from '../../lib/cart/checkout-schema.ts';
import { SHIPPING_SPEED_NAMES } from '../../lib/orders/shipping-speeds.ts';

/**
 * Queues the order confirmation of an order that just became paid, on `db` — the transaction
 * that marks it paid, so the mail exists exactly when the payment is recorded. An order whose
 * address cannot receive mail (none given on the test checkout) is skipped, and a missing
 * template only logged: neither may undo a payment.
 */
export async function queueOrderConfirmation(
  db: Kysely<Database>,
  orderId: string,
  customerName?: string | null,
): Promise<string | null> {
  const order = await db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.user_id')
    .leftJoin('order_shipping', 'order_shipping.order_id', 'orders.id')
    .select([
      'orders.email',
      'orders.fulfillment',
      'orders.shipping_speed',
      'orders.subtotal_cents',
      'orders.discount_cents',
      'orders.discount_code',
      'orders.shipping_cents',
      'orders.tax_cents',
      'orders.total_cents',
      'orders.deposit_cents',
      'orders.balance_due',
      'orders.ready_by',
      'users.full_name',
      'order_shipping.name as shipping_name',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (!order || !isDeliverable(order.email)) return null;
  const items = await db
    .selectFrom('order_items')
    .select(['name', 'quantity', 'unit_price_cents', 'variant_metadata', 'pricing'])
    .where('order_id', '=', orderId)
    // As bought, as the receipt lists them; lines from before positions were kept by name.
    .orderBy('position')
    .orderBy('name')
    .orderBy('id')
    .execute();

  const values = orderConfirmationValues(orderId, order, items, customerName, await missingArtwork(db, orderId));
  return enqueueMail(db, { template: 'order-confirmation', to: order.email, values });
}

/** Under a list-priced line of the text e-mail: its inputs and breakdown, indented; '' for a flat line. */
function pricedText(priced: LinePricingWords | null): string {
  if (!priced) return '';
  return `${priced.inputs ? `\n    ${priced.inputs}` : ''}\n    Each: ${priced.breakdown}`;
}

/** The same in the HTML e-mail's item cell (escaped). */
function pricedHtml(priced: LinePricingWords | null): string {
  if (!priced) return '';
  const words = [priced.inputs, `Each: ${priced.breakdown}`].filter(Boolean).map(escapeHtml).join('<br>');
  return `<br><span style="color:#5b5b5b;font-size:13px">${words}</span>`;
}

/** What the confirmation needs of an order (a paid one, or the admin preview's sample). */
export interface ConfirmationOrder {
  fulfillment: 'shipping' | 'local';
  shipping_speed: ShippingSpeed | null;
  subtotal_cents: number;
  discount_cents: number;
  discount_code: string | null;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
  /**
   * A quote's deposit order (docs/decisions/0029-deposits.md): what its checkout charged and when
   * the rest is asked.
   */
  deposit_cents?: number | null;
  balance_due?: BalanceDue | null;
  /** The day the turnaround promised at checkout (a date column, or YYYY-MM-DD); absent or null: none. */
  ready_by?: Date | string | null;
  full_name: string | null;
  shipping_name: string | null;
}

export interface ConfirmationItem {
  name: string;
  quantity: number;
  unit_price_cents: number;
  variant_metadata: Record<string, unknown>;
  /** How a list-priced line was priced, as the order keeps it (absent or null: flat). */
  pricing?: OrderItemPricing | OrderChargePricing | null;
}

/**
 * The order confirmation's binding values: queued for a paid order, shown in the admin's preview.
 * `missing` names the print locations still waiting for artwork (missingArtwork). Besides the
 * old values (kept for templates the owner edited), `discountLine`/`discountRowHtml` are the
 * discount's line only when there is one, `shippingLabel` says shipping or local handoff, and
 * `artworkText`/`artworkHtml` ask for missing artwork with the upload link (empty otherwise).
 */
export function orderConfirmationValues(
  orderId: string,
  order: ConfirmationOrder,
  items: ConfirmationItem[],
  customerName?: string | null,
  missing: readonly string[] = [],
): Bindings {
  const orderUrl = orderPageUrl(orderId);
  // "-$2.80 (WELCOME10)"; null without a discount, which then has no line at all.
  const discount =
    order.discount_cents > 0
      ? `-${formatUsd(order.discount_cents)}${order.discount_code ? ` (${order.discount_code})` : ''}`
      : null;
  const lines = items.map((item) => {
    const meta = item.variant_metadata;
    const options = ['color', 'size'].map((key) => meta[key]).filter((v): v is string => typeof v === 'string' && !!v);
    return {
      label: options.length > 0 ? `${item.name} (${options.join(', ')})` : item.name,
      quantity: item.quantity,
      unit: item.unit_price_cents,
      amount: item.unit_price_cents * item.quantity,
      priced: linePricingWords(item.pricing),
    };
  });
  // The …Html bindings are inserted as HTML: every value in them is escaped here.
  return {
    customerName: customerName?.trim() || order.shipping_name || order.full_name || 'there',
    orderNumber: orderNumber(orderId),
    // A list-priced line says what was priced and its price per piece in parts under it.
    itemsText: lines
      .map((l) => `${l.quantity} x ${l.label} @ ${formatUsd(l.unit)} = ${formatUsd(l.amount)}${pricedText(l.priced)}`)
      .join('\n'),
    itemsHtml: lines
      .map(
        (l) =>
          `<tr><td>${escapeHtml(l.label)}${pricedHtml(l.priced)}</td><td align="right">${l.quantity}</td><td align="right">${escapeHtml(formatUsd(l.amount))}</td></tr>`,
      )
      .join(''),
    subtotal: formatUsd(order.subtotal_cents),
    // Kept for templates the owner edited before discountLine existed.
    discount: discount ?? formatUsd(0),
    discountLine: discount ? `Discount: ${discount}\n` : '',
    discountRowHtml: discount ? `<tr><td>Discount</td><td align="right">${escapeHtml(discount)}</td></tr>` : '',
    shippingLabel: order.fulfillment === 'local' ? 'Local handoff' : 'Shipping',
    shipping: order.shipping_cents > 0 ? formatUsd(order.shipping_cents) : 'Free',
    tax: formatUsd(order.tax_cents),
    total: formatUsd(order.total_cents),
    ...depositBindings(order),
    ...readyByBindings(order.ready_by ?? null),
    fulfillment:
      order.fulfillment === 'local'
        ? 'Local Handoff (we will contact you to arrange pickup or delivery)'
        : `Ship${order.shipping_speed ? ` (${SHIPPING_SPEED_NAMES[order.shipping_speed]})` : ''}`,
    orderUrl,
    ...artworkBindings(missing, orderUrl),
  };
}

/**
 * The day the turnaround promised ("Ready by Thu, Dec 3" on the product page and cart), repeated
 * on the receipt (issue 41); empty for an order priced without a turnaround list.
 */
function readyByBindings(readyBy: Date | string | null): { readyByLine: string; readyByHtml: string } {
  if (!readyBy) return { readyByLine: '', readyByHtml: '' };
  const day = shopDateWords(typeof readyBy === 'string' ? readyBy.slice(0, 10) : readyBy.toISOString().slice(0, 10));
  return {
    readyByLine: `Ready by: ${day} (the turnaround you chose)\n`,
    readyByHtml: `<p>Ready by: <strong>${escapeHtml(day)}</strong> (the turnaround you chose)</p>`,
  };
}

/**
 * A deposit order's confirmation says what was paid now and when the balance is asked (issue
 * #29); empty for an order paid in full.
 */
function depositBindings(order: ConfirmationOrder): { depositLine: string; depositRowHtml: string } {
  if (!order.deposit_cents || !order.balance_due) return { depositLine: '', depositRowHtml: '' };
  const paid = formatUsd(order.deposit_cents);
  const rest = formatUsd(order.total_cents - order.deposit_cents);
  const when = balanceDueWords(order.balance_due);
  return {
    depositLine: `Paid now (deposit): ${paid}. The balance of ${rest} is asked ${when}.\n`,
    depositRowHtml:
      `<tr><td>Paid now (deposit)</td><td align="right">${escapeHtml(paid)}</td></tr>` +
      `<tr><td>Balance, asked ${escapeHtml(when)}</td><td align="right">${escapeHtml(rest)}</td></tr>`,
  };
}
