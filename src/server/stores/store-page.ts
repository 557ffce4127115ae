import type { Kysely } from 'kysely';
import { type StoreState, storeState } from '../../lib/stores/store-state.ts';
import type { Database } from '../db/types.ts';
import { type StoreDesign, storeDesigns } from './store-designs.ts';
import { piecesByDesign } from './store-sales.ts';

/** A store's page as the build renders it (docs/decisions/0030-team-stores.md): approved or closed stores only. */
export interface StorePage {
  id: string;
  slug: string;
  name: string;
  organiserName: string;
  visibility: 'public' | 'private';
  hasPassword: boolean;
  opensAt: string;
  closesAt: string;
  minimum: number;
  delivery: 'ship' | 'organiser';
  deliveryDaysMin: number;
  deliveryDaysMax: number;
  /** At build time; the page's script asks the progress API for the state now. */
  state: StoreState;
  designs: (StoreDesign & { sold: number })[];
}

export async function storePagesForBuild(db: Kysely<Database>): Promise<StorePage[]> {
  const stores = await db
    .selectFrom('stores')
    .selectAll()
    .where('status', 'in', ['approved', 'closed'])
    .orderBy('slug')
    .execute();
  return Promise.all(
    stores.map(async (s) => {
      const [designs, sold] = await Promise.all([storeDesigns(db, s.id), piecesByDesign(db, s.id)]);
      return {
        id: s.id,
        slug: s.slug,
        name: s.name,
        organiserName: s.organiser_name,
        visibility: s.visibility,
        hasPassword: s.password_hash !== null,
        opensAt: new Date(s.opens_at).toISOString(),
        closesAt: new Date(s.closes_at).toISOString(),
        minimum: s.minimum_per_design,
        delivery: s.delivery,
        deliveryDaysMin: s.delivery_days_min,
        deliveryDaysMax: s.delivery_days_max,
        state: storeState(s),
        designs: designs.map((d) => ({ ...d, sold: sold.get(d.id) ?? 0 })),
      };
    }),
  );
}

/** The public stores' paths, for the sitemap (a private store is reachable by its link only). */
export async function publicStorePaths(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('stores')
    .select('slug')
    .where('status', 'in', ['approved', 'closed'])
    .where('visibility', '=', 'public')
    .orderBy('slug')
    .execute();
  return rows.map((r) => `/stores/${r.slug}`);
}
