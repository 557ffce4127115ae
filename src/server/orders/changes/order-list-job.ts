import type { Kysely } from 'kysely';
import { storedLocations } from '../../../lib/orders/order-locations.ts';
import type { PriceTier } from '../../../lib/pricing/tiers.ts';
import type { OrderChargePricing, OrderItemPricing } from '../../../lib/pricing/line-record.ts';
import type { DecorationList, PriceList, PriceListData } from '../../../lib/pricing/lists.ts';
import type { PricedProduct } from '../../../lib/pricing/product-job.ts';
import type { ProductLocation } from '../../../lib/catalog/products.ts';
import type { Database } from '../../db/types.ts';
import { Conflict } from '../../errors.ts';
import { keptListKey, listsAsKept } from '../lists-as-kept.ts';

/** A list-priced piece line of an order: its product, size, pieces and what checkout kept of its price. */
export interface OrderListLine {
  /** null: a size the change adds. */
  id: string | null;
  productId: string;
  sizeName: string | null;
  quantity: number;
  unitPriceCents: number;
  record: OrderItemPricing;
  /** The print locations' artwork as the line has it now (the design its pieces pool with). */
  artwork: Map<string, string | null>;
  /** The product as the order priced it: today's blank, the lists at the versions the line kept. */
  product: PricedProduct;
}

/** A fee or the rush surcharge of the order's list-priced job, as stored. */
export interface OrderListCharge {
  id: string;
  kind: string;
  productId: string | null;
  totalCents: number;
  pricing: OrderChargePricing;
}

export interface OrderListJob {
  lines: OrderListLine[];
  charges: OrderListCharge[];
  rush: string | null;
}

type ListRef = OrderItemPricing['lists'][number];
const adjustInstead = 'change the order with an adjustment instead.';

/**
 * The lines of a paid order that checkout priced by the owner's lists
 * (docs/decisions/0027-price-lists.md) as one job again (docs/decisions/0029-deposits.md, size
 * changes): every list-priced piece line (all of them, since a design's pieces pool across sizes,
 * colours and garments and the rush is a share of the whole job) and the job's fee and rush lines.
 * Each list is read at the version the line kept (price_list_versions keeps every saved version, so
 * the order's prices are reproduced, not today's); only a version that was never kept falls back to
 * the list as it is now. A list gone altogether, or a product or flat-priced location the line used
 * no longer in the shop, answers 409 in words.
 */
export async function loadOrderListJob(trx: Kysely<Database>, orderId: string): Promise<OrderListJob> {
  const rows = await trx
    .selectFrom('order_items')
    .select(['id', 'product_id', 'name', 'item_type', 'quantity', 'unit_price_cents', 'variant_metadata', 'pricing'])
    .where('order_id', '=', orderId)
    .where('pricing', 'is not', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const pieces = rows.filter((r) => r.item_type === 'product');
  const refs = new Map<string, ListRef>();
  for (const row of pieces) for (const ref of (row.pricing as OrderItemPricing).lists) refs.set(keptListKey(ref), ref);
  const lists = await listsAt(trx, [...refs.values()]);
  const products = await productsNow(trx, [...new Set(pieces.map((p) => p.product_id ?? ''))]);

  const lines = pieces.map((row): OrderListLine => {
    const record = row.pricing as OrderItemPricing;
    const product = row.product_id ? products.get(row.product_id) : undefined;
    if (!product) {
      throw new Conflict(
        'product_gone',
        `${row.name} is no longer in the shop, so this order's prices cannot be worked out again: ${adjustInstead}`,
      );
    }
    const listOf = (role: string) => {
      const ref = record.lists.find((l) => l.role === role);
      return ref ? lists.get(keptListKey(ref))! : null;
    };
    const print_locations = record.inputs.locations.map((kept): ProductLocation => {
      const list = listOf(`location:${kept.code}`) as PriceList<DecorationList> | null;
      const now = product.locations.find((l) => l.code === kept.code);
      if (!list && !now) {
        throw new Conflict(
          'list_changed',
          `${row.name} is no longer printed on the ${kept.name.toLowerCase()}, so its price cannot be worked out again: ${adjustInstead}`,
        );
      }
      return {
        code: kept.code,
        name: kept.name,
        price_cents_per_piece: now?.price_cents_per_piece ?? 0,
        setup_fee_cents: now?.setup_fee_cents ?? 0,
        print_width_in: null,
        price_list: list,
      };
    });
    return {
      id: row.id,
      productId: product.id,
      sizeName: typeof meta(row)['size'] === 'string' ? (meta(row)['size'] as string) : null,
      quantity: row.quantity,
      unitPriceCents: row.unit_price_cents,
      record,
      artwork: new Map(storedLocations(row.variant_metadata).map((l) => [l.code, l.artwork_id])),
      product: {
        id: product.id,
        // The name as bought: the fees' words name it as checkout did.
        name: row.name,
        price_cents: product.price_cents,
        price_tiers: product.price_tiers,
        print_locations,
        garment_list: listOf('garment') as NonNullable<PricedProduct['garment_list']> | null,
        area_list: listOf('area') as NonNullable<PricedProduct['area_list']> | null,
        turnaround_list: listOf('turnaround') as NonNullable<PricedProduct['turnaround_list']> | null,
      },
    };
  });
  const charges = rows
    .filter((r) => r.item_type !== 'product')
    .map((r) => ({
      id: r.id,
      kind: r.item_type,
      productId: r.product_id,
      totalCents: r.unit_price_cents * r.quantity,
      pricing: r.pricing as OrderChargePricing,
    }));
  return { lines, charges, rush: lines[0]?.record.inputs.rush ?? null };
}

const meta = (row: { variant_metadata: unknown }) => (row.variant_metadata ?? {}) as Record<string, unknown>;

/** Each list the lines kept, at its version; a version never kept: the list now; a list gone: 409. */
async function listsAt(trx: Kysely<Database>, refs: ListRef[]): Promise<Map<string, PriceList>> {
  const rows = await listsAsKept(trx, refs);
  const found = new Map<string, PriceList>();
  for (const ref of refs) {
    const row = rows.get(keptListKey(ref));
    if (!row) {
      throw new Conflict(
        'list_changed',
        `The price list "${ref.name}" that priced this order is no longer kept: ${adjustInstead}`,
      );
    }
    found.set(keptListKey(ref), { id: ref.id, name: ref.name, version: row.version, data: row.data as PriceListData });
  }
  return found;
}

interface ProductNow {
  id: string;
  price_cents: number;
  price_tiers: PriceTier[];
  locations: { code: string; price_cents_per_piece: number; setup_fee_cents: number }[];
}

/** The blanks as the shop prices them now (prices keep no versions) and the products' flat locations. */
async function productsNow(trx: Kysely<Database>, ids: string[]): Promise<Map<string, ProductNow>> {
  const known = ids.filter(Boolean);
  if (known.length === 0) return new Map();
  const products = await trx.selectFrom('products').select(['id', 'price_cents']).where('id', 'in', known).execute();
  const tiers = await trx
    .selectFrom('product_price_tiers')
    .select(['product_id', 'min_quantity', 'unit_price_cents'])
    .where('product_id', 'in', known)
    .orderBy('min_quantity')
    .execute();
  const locations = await trx
    .selectFrom('product_print_locations')
    .select(['product_id', 'code', 'price_cents_per_piece', 'setup_fee_cents'])
    .where('product_id', 'in', known)
    .execute();
  return new Map(
    products.map((p) => [
      p.id,
      {
        id: p.id,
        price_cents: p.price_cents,
        price_tiers: tiers
          .filter((t) => t.product_id === p.id)
          .map((t) => ({ min_quantity: t.min_quantity, unit_price_cents: t.unit_price_cents })),
        locations: locations.filter((l) => l.product_id === p.id),
      },
    ]),
  );
}
