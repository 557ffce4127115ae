import type { InsertObject, Kysely } from 'kysely';
import type { OrderChargePricing, OrderItemPricing } from '../../lib/pricing/line-record.ts';
import { jsonb } from '../db/json.ts';
import type { Database } from '../db/types.ts';

/**
 * What an order is made from, and the column that ties it back: a cart (a reorder fills a cart
 * too), a cart billed to a business account, a store buyer's pieces, a quote's sent revision, or
 * a store's production batch at its close.
 */
export type OrderSource =
  | { kind: 'cart'; cartId: string | null }
  | { kind: 'account'; cartId: string | null }
  | { kind: 'store'; storeId: string; customerName: string }
  | { kind: 'quote'; quoteRequestId: string }
  | { kind: 'store_batch'; storeId: string; customerName: string };

/** One line of an order as priced: a piece, or a charge beside the pieces (a location, a fee, rush, an adjustment). */
export interface OrderItemValues {
  productId: string | null;
  colorId?: string | null;
  sizeId?: string | null;
  name: string;
  /** 'product' for a piece that holds stock; a charge's kind otherwise. */
  itemType: string;
  quantity: number;
  unitPriceCents: number;
  /** The line's snapshot (colour, size, locations, a store's design, a quote's reference). */
  metadata?: Record<string, unknown>;
  /** How the owner's lists priced it; absent: flat. */
  pricing?: OrderItemPricing | OrderChargePricing | null;
}

/** The columns the source decides; everything else about the order its creator decides. */
type SourceColumns = 'id' | 'cart_id' | 'quote_request_id' | 'store_id' | 'store_batch_of' | 'customer_name';

export interface OrderMaking {
  source: OrderSource;
  /** Who, totals, fulfilment, payment terms and dates, as the creator priced and decided them. */
  order: Omit<InsertObject<Database, 'orders'>, SourceColumns>;
  /** The priced pieces, in the order the customer sees them. */
  pieces: readonly OrderItemValues[];
  /** The charge lines after the pieces (print locations, setup, screens, digitizing, rush). */
  charges: readonly OrderItemValues[];
}

function sourceColumns(trx: Kysely<Database>, source: OrderSource) {
  switch (source.kind) {
    case 'cart':
    case 'account':
      // A cart id the server no longer knows is simply not linked (the column is a foreign key).
      return {
        cart_id: source.cartId ? trx.selectFrom('carts').select('id').where('id', '=', source.cartId) : null,
        ...(source.kind === 'account' ? { payment_provider: 'account' } : {}),
      };
    case 'store':
      return { store_id: source.storeId, customer_name: source.customerName };
    case 'quote':
      return { quote_request_id: source.quoteRequestId };
    case 'store_batch':
      return { store_batch_of: source.storeId, customer_name: source.customerName };
  }
}

function itemRows(orderId: string, items: readonly OrderItemValues[], from: number) {
  return items.map((item, index) => ({
    order_id: orderId,
    position: from + index,
    product_id: item.productId,
    color_id: item.colorId ?? null,
    size_id: item.sizeId ?? null,
    name: item.name,
    item_type: item.itemType,
    quantity: item.quantity,
    unit_price_cents: item.unitPriceCents,
    variant_metadata: jsonb(item.metadata ?? {}),
    pricing: item.pricing ? jsonb(item.pricing) : null,
  }));
}

/**
 * The one creator of an order: its row and its lines (pieces, then charges, numbered in that
 * order) in one statement, the order a data-modifying WITH query whose id is chosen here so its
 * lines can name it in the same round trip (their foreign key is checked at the statement's end).
 * Runs in its caller's transaction; answers the new order's id.
 */
export async function writeOrder(trx: Kysely<Database>, making: OrderMaking): Promise<{ id: string }> {
  const id = crypto.randomUUID();
  const row = { ...making.order, ...sourceColumns(trx, making.source), id };
  const items = itemRows(id, [...making.pieces, ...making.charges], 0);
  if (items.length === 0) {
    await trx.insertInto('orders').values(row).execute();
  } else {
    await trx
      .with('new_order', (db) => db.insertInto('orders').values(row).returning('id'))
      .insertInto('order_items')
      .values(items)
      .execute();
  }
  return { id };
}

/** The position after an order's last line: where lines added by a change start. */
export async function nextItemPosition(trx: Kysely<Database>, orderId: string): Promise<number> {
  const last = await trx
    .selectFrom('order_items')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return (last?.position ?? -1) + 1;
}

/**
 * Adds lines to an existing order (an owner's change or adjustment), numbered from `position`;
 * answers the position after them. The caller holds the order's lock (lock-order.ts).
 */
export async function addOrderItems(
  trx: Kysely<Database>,
  orderId: string,
  items: readonly OrderItemValues[],
  position: number,
): Promise<number> {
  if (items.length > 0)
    await trx
      .insertInto('order_items')
      .values(itemRows(orderId, items, position))
      .execute();
  return position + items.length;
}
