import type { Kysely } from 'kysely';
import type { StoreState } from '../../lib/stores/store-state.ts';
import { storeState } from '../../lib/stores/store-state.ts';
import type { Database } from '../db/types.ts';
import { storeSales } from './store-sales.ts';

/** What the organiser's page shows of one design: its proof, and once approved its sales. */
export interface OrganiserDesign {
  id: string;
  name: string;
  productName: string;
  colors: string[];
  sizes: string[];
  locations: { name: string; artworkId: string | null; fileName: string | null }[];
  priceCents: number;
  /** Raised per piece: a fixed amount (cents) or a share of the price (basis points). */
  fundraisingCents: number | null;
  fundraisingBp: number | null;
  personaliseName: { price_cents: number; max_length: number } | null;
  personaliseNumber: { price_cents: number; max_digits: number } | null;
  sold: number;
  /** Pieces by colour and size, sizes in the order offered; only what sold. */
  sales: { color: string; size: string; pieces: number }[];
}

export interface OrganiserView {
  id: string;
  name: string;
  /** The store's page (/stores/<slug>), the link the organiser shares with buyers. */
  path: string;
  hasPassword: boolean;
  organiserName: string;
  state: StoreState;
  opensAt: Date;
  closesAt: Date;
  extended: boolean;
  minimum: number;
  missedMinimum: 'refund' | 'print_anyway';
  designs: OrganiserDesign[];
  fundraisingCents: number;
}

/** What one piece raises: the fixed amount, or the share of its price (rounded to the cent). */
export const raisedPerPiece = (d: {
  priceCents: number;
  fundraisingCents: number | null;
  fundraisingBp: number | null;
}) => d.fundraisingCents ?? (d.fundraisingBp === null ? 0 : Math.round((d.priceCents * d.fundraisingBp) / 10_000));

/**
 * A store as its organiser sees it (docs/decisions/0030-team-stores.md): the designs as the shop fixed them, the pieces
 * sold by design, colour and size, and what the fundraiser raised. Nothing about buyers.
 */
export async function organiserView(
  db: Kysely<Database>,
  storeId: string,
  now = new Date(),
): Promise<OrganiserView | null> {
  const store = await db.selectFrom('stores').selectAll().where('id', '=', storeId).executeTakeFirst();
  if (!store) return null;
  const designs = await db
    .selectFrom('store_designs as d')
    .innerJoin('products as p', 'p.id', 'd.product_id')
    .selectAll('d')
    .select('p.name as product_name')
    .where('d.store_id', '=', storeId)
    .orderBy('d.position')
    .execute();
  const designIds = designs.map((d) => d.id);
  const locations = designIds.length
    ? await db
        .selectFrom('store_design_locations as l')
        .leftJoin('artwork as a', (j) => j.onRef('a.id', '=', 'l.artwork_id').on('a.status', '=', 'ready'))
        .select(['l.design_id', 'l.name', 'a.id as artwork_id', 'a.original_name'])
        .where('l.design_id', 'in', designIds)
        .orderBy('l.position')
        .execute()
    : [];
  const colorIds = designs.flatMap((d) => d.color_ids);
  const sizeIds = designs.flatMap((d) => d.size_ids);
  const colors = colorIds.length
    ? await db.selectFrom('colors').select(['id', 'name', 'sort_order']).where('id', 'in', colorIds).execute()
    : [];
  const sizes = sizeIds.length
    ? await db.selectFrom('sizes').select(['id', 'name', 'sort_order']).where('id', 'in', sizeIds).execute()
    : [];
  const nameOf = (rows: { id: string; name: string }[], id: string | null) =>
    rows.find((r) => r.id === id)?.name ?? '—';
  const ordered = <T extends { id: string; sort_order: number }>(rows: T[], ids: string[]) =>
    rows.filter((r) => ids.includes(r.id)).sort((a, b) => a.sort_order - b.sort_order);
  const sales = store.status === 'draft' || store.status === 'proof_sent' ? [] : await storeSales(db, storeId);

  const view: OrganiserDesign[] = designs.map((d) => {
    const sizeOrder = ordered(sizes, d.size_ids).map((s) => s.id);
    const mine = sales
      .filter((s) => s.design_id === d.id)
      .sort(
        (a, b) =>
          nameOf(colors, a.color_id).localeCompare(nameOf(colors, b.color_id)) ||
          sizeOrder.indexOf(a.size_id ?? '') - sizeOrder.indexOf(b.size_id ?? ''),
      );
    return {
      id: d.id,
      name: d.name,
      productName: d.product_name,
      colors: ordered(colors, d.color_ids).map((c) => c.name),
      sizes: ordered(sizes, d.size_ids).map((s) => s.name),
      locations: locations
        .filter((l) => l.design_id === d.id)
        .map((l) => ({ name: l.name, artworkId: l.artwork_id, fileName: l.original_name })),
      priceCents: d.price_cents,
      fundraisingCents: d.fundraising_cents,
      fundraisingBp: d.fundraising_bp,
      personaliseName: d.personalise_name,
      personaliseNumber: d.personalise_number,
      sold: mine.reduce((n, s) => n + s.pieces, 0),
      sales: mine.map((s) => ({ color: nameOf(colors, s.color_id), size: nameOf(sizes, s.size_id), pieces: s.pieces })),
    };
  });
  return {
    id: store.id,
    name: store.name,
    path: `/stores/${store.slug}`,
    hasPassword: store.password_hash !== null,
    organiserName: store.organiser_name,
    state: storeState(store, now),
    opensAt: new Date(store.opens_at),
    closesAt: new Date(store.closes_at),
    extended: store.extended_at !== null,
    minimum: store.minimum_per_design,
    missedMinimum: store.missed_minimum,
    designs: view,
    fundraisingCents: view.reduce((sum, d) => sum + d.sold * raisedPerPiece(d), 0),
  };
}

/** The file of a location of this store's designs, for its thumbnail on the organiser's page; null otherwise. */
export async function organiserFile(db: Kysely<Database>, storeId: string, artworkId: string) {
  return (
    (await db
      .selectFrom('store_design_locations as l')
      .innerJoin('store_designs as d', 'd.id', 'l.design_id')
      .innerJoin('artwork as a', 'a.id', 'l.artwork_id')
      .select(['a.thumbnail_key'])
      .where('d.store_id', '=', storeId)
      .where('a.id', '=', artworkId)
      .where('a.status', '=', 'ready')
      .executeTakeFirst()) ?? null
  );
}
