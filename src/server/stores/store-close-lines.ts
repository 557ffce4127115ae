import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';

/** A store and what its close reads of it (the row as locked). */
export interface ClosingStore {
  id: string;
  name: string;
  organiser_name: string;
  organiser_email: string;
  closes_at: Date;
  minimum_per_design: number;
  missed_minimum: 'refund' | 'print_anyway';
  delivery: 'ship' | 'organiser';
  delivery_days_min: number;
  delivery_days_max: number;
}

/** A design of the store with its print locations (in order), as the batch prints it. */
export interface ClosingDesign {
  id: string;
  name: string;
  product_id: string;
  position: number;
  locations: { code: string; name: string; artwork_id: string | null }[];
}

/** What a buyer put on one piece line (the same on every piece of it). */
export interface Personalisation {
  name?: string;
  number?: string;
}

/** One product line of a paid buyer order not yet in a batch, with its design, colour and size. */
export interface BuyerLine {
  order_id: string;
  design_id: string;
  color_id: string | null;
  color: string | null;
  color_order: number | null;
  size_id: string | null;
  size: string | null;
  size_order: number | null;
  quantity: number;
  unit_price_cents: number;
  personalisation: Personalisation | null;
  /** The buyer's name as they paid (their e-mail when none was given). */
  buyer: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The line's personalisation as stored ({name?, number?}), or null when it has none. */
export function personalisationOf(metadata: unknown): Personalisation | null {
  const raw = (metadata as Record<string, unknown> | null)?.['personalisation'];
  if (!raw || typeof raw !== 'object') return null;
  const p = raw as Record<string, unknown>;
  const name = text(p['name']);
  const number = text(typeof p['number'] === 'number' ? String(p['number']) : p['number']);
  if (!name && !number) return null;
  return { ...(name ? { name } : {}), ...(number ? { number } : {}) };
}

/** The designs of a store with their locations, in the store's order. */
export async function closingDesigns(db: Kysely<Database>, storeId: string): Promise<ClosingDesign[]> {
  const [designs, locations] = await Promise.all([
    db
      .selectFrom('store_designs')
      .select(['id', 'name', 'product_id', 'position'])
      .where('store_id', '=', storeId)
      .orderBy('position')
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('store_design_locations as l')
      .innerJoin('store_designs as d', 'd.id', 'l.design_id')
      .select(['l.design_id', 'l.code', 'l.name', 'l.artwork_id'])
      .where('d.store_id', '=', storeId)
      .orderBy('l.position')
      .orderBy('l.code')
      .execute(),
  ]);
  return designs.map((d) => ({
    ...d,
    locations: locations
      .filter((l) => l.design_id === d.id)
      .map((l) => ({ code: l.code, name: l.name, artwork_id: l.artwork_id })),
  }));
}

/**
 * The product lines of the store's paid buyer orders that no batch has printed yet: what its
 * close decides about. Read after the store row is locked, so a buyer order completing at the
 * same moment is either here (it committed first) or sees the store closed.
 */
export async function unbatchedBuyerLines(db: Kysely<Database>, storeId: string): Promise<BuyerLine[]> {
  const designId = sql<string>`i.variant_metadata ->> 'store_design_id'`;
  const rows = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .leftJoin('colors as c', 'c.id', 'i.color_id')
    .leftJoin('sizes as z', 'z.id', 'i.size_id')
    .select([
      'o.id as order_id',
      designId.as('design_id'),
      'i.color_id',
      'c.name as color',
      'c.sort_order as color_order',
      'i.size_id',
      'z.name as size',
      'z.sort_order as size_order',
      'i.quantity',
      'i.unit_price_cents',
      'i.variant_metadata',
      sql<string>`coalesce(nullif(btrim(o.customer_name), ''), o.email)`.as('buyer'),
    ])
    .where('o.store_id', '=', storeId)
    .where('o.status', '=', 'paid')
    .where('o.store_batch_order_id', 'is', null)
    .where('i.item_type', '=', 'product')
    .where(designId, 'is not', null)
    .orderBy('o.created_at')
    .orderBy('o.id')
    .orderBy('i.position')
    .orderBy('i.id')
    .execute();
  return rows.map(({ variant_metadata, ...row }) => ({
    ...row,
    personalisation: personalisationOf(variant_metadata),
  }));
}
