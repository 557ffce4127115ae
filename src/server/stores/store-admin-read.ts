import type { Kysely } from 'kysely';
import type { AdminStore, AdminStoreSummary } from '../../lib/admin-schemas/stores.ts';
import type { Database } from '../db/types.ts';
import { piecesByDesign } from './store-sales.ts';

const STORE_COLUMNS = [
  'id',
  'slug',
  'name',
  'organiser_name',
  'organiser_email',
  'visibility',
  'password_hash',
  'opens_at',
  'closes_at',
  'minimum_per_design',
  'missed_minimum',
  'delivery',
  'delivery_days_min',
  'delivery_days_max',
  'status',
  'approved_at',
  'extended_at',
  'closed_at',
] as const;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

async function designRows(db: Kysely<Database>, storeIds: string[]) {
  if (storeIds.length === 0) return [];
  return db
    .selectFrom('store_designs as d')
    .innerJoin('products as p', 'p.id', 'd.product_id')
    .selectAll('d')
    .select('p.name as product_name')
    .where('d.store_id', 'in', storeIds)
    .orderBy('d.position')
    .orderBy('d.created_at')
    .execute();
}

const storeRows = (db: Kysely<Database>) => db.selectFrom('stores').select(STORE_COLUMNS);
type StoreRow = Awaited<ReturnType<ReturnType<typeof storeRows>['executeTakeFirstOrThrow']>>;

function summary(row: StoreRow, designs: { id: string; name: string }[], sold: Map<string, number>): AdminStoreSummary {
  const { password_hash, ...rest } = row;
  return {
    ...rest,
    has_password: password_hash !== null,
    opens_at: iso(row.opens_at)!,
    closes_at: iso(row.closes_at)!,
    approved_at: iso(row.approved_at),
    extended_at: iso(row.extended_at),
    closed_at: iso(row.closed_at),
    progress: designs.map((d) => ({ design_id: d.id, name: d.name, sold: sold.get(d.id) ?? 0 })),
  };
}

/** The Stores tab's list: newest close first, each design's pieces sold against the minimum. */
export async function listStores(db: Kysely<Database>): Promise<AdminStoreSummary[]> {
  const rows = await storeRows(db).orderBy('closes_at', 'desc').orderBy('id').limit(500).execute();
  const designs = await designRows(
    db,
    rows.map((r) => r.id),
  );
  return Promise.all(
    rows.map(async (row) =>
      summary(
        row,
        designs.filter((d) => d.store_id === row.id),
        await piecesByDesign(db, row.id),
      ),
    ),
  );
}

/** One store with its designs and their locations (and the uploaded files' names), or null. */
export async function getStore(db: Kysely<Database>, id: string): Promise<AdminStore | null> {
  const row = await storeRows(db).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const designs = await designRows(db, [id]);
  const sold = await piecesByDesign(db, id);
  const locations = designs.length
    ? await db
        .selectFrom('store_design_locations as l')
        .leftJoin('artwork as a', 'a.id', 'l.artwork_id')
        .select(['l.design_id', 'l.code', 'l.name', 'l.artwork_id', 'a.original_name as artwork_name'])
        .select(['l.colors', 'l.stitches', 'l.print_size'])
        .where(
          'l.design_id',
          'in',
          designs.map((d) => d.id),
        )
        .orderBy('l.position')
        .execute()
    : [];
  return {
    ...summary(row, designs, sold),
    designs: designs.map((d) => ({
      id: d.id,
      product_id: d.product_id,
      product_name: d.product_name,
      name: d.name,
      price_cents: d.price_cents,
      fundraising_cents: d.fundraising_cents,
      fundraising_bp: d.fundraising_bp,
      color_ids: d.color_ids,
      size_ids: d.size_ids,
      personalise_name: d.personalise_name,
      personalise_number: d.personalise_number,
      sold: sold.get(d.id) ?? 0,
      locations: locations.filter((l) => l.design_id === d.id).map(({ design_id: _d, ...l }) => l),
    })),
  };
}
