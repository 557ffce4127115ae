import type { Kysely } from 'kysely';
import { storeState } from '../../lib/stores/store-state.ts';
import type { StoreProgressAnswer } from '../../lib/stores/store-checkout-schema.ts';
import type { Database } from '../db/types.ts';
import { visibleStore } from './store-checkout.ts';
import { piecesByDesign } from './store-sales.ts';

/**
 * GET /api/stores/<slug>/progress: each design's pieces sold (paid orders) toward the store's
 * minimum, and where the store stands now, for the page built earlier to show live.
 */
export async function storeProgress(db: Kysely<Database>, slug: string): Promise<StoreProgressAnswer> {
  const store = await visibleStore(db, slug);
  const [designs, sold] = await Promise.all([
    db.selectFrom('store_designs').select('id').where('store_id', '=', store.id).orderBy('position').execute(),
    piecesByDesign(db, store.id),
  ]);
  const state = storeState(store);
  return {
    state: state === 'draft' || state === 'awaiting_approval' ? 'scheduled' : state,
    minimum: store.minimum_per_design,
    designs: designs.map((d) => ({ id: d.id, sold: sold.get(d.id) ?? 0 })),
  };
}
