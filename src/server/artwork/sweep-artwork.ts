import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../db/types.ts';
import { inBatches } from '../timers/batches.ts';
import type { SweepJob } from '../timers/sweep-job.ts';
import { artworkStore, originalKey, thumbnailKey } from './store.ts';

/** Uploads no order (and no quote request) claimed are kept this long, then deleted with their files. */
export const UNCLAIMED_ARTWORK_DAYS = 7;
const BATCH = 100;
const BATCHES = 10;

/**
 * A business account's exemption certificate is claimed by that account (docs/decisions/0029-deposits.md), a store
 * design's artwork by its store (docs/decisions/0030-team-stores.md).
 */
const notACertificate = (eb: ExpressionBuilder<Database, 'artwork'>) =>
  eb.and([
    eb.not(
      eb.exists(
        eb
          .selectFrom('business_accounts')
          .select('business_accounts.id')
          .whereRef('business_accounts.exemption_certificate_artwork_id', '=', 'artwork.id'),
      ),
    ),
    eb.not(
      eb.exists(
        eb
          .selectFrom('store_design_locations')
          .select('store_design_locations.design_id')
          .whereRef('store_design_locations.artwork_id', '=', 'artwork.id'),
      ),
    ),
  ]);

/**
 * Deletes the artwork rows `due` picks that no order, quote request or business account has claimed (checked again
 * in the delete itself, so a claim made meanwhile keeps its row); answers their ids.
 */
export async function deleteRowsNoneClaimed(
  db: Kysely<Database>,
  due: SelectQueryBuilder<Database, 'artwork', { id: string }>,
): Promise<string[]> {
  const rows = await db
    .deleteFrom('artwork')
    .where('id', 'in', due)
    .where('order_id', 'is', null)
    .where('quote_request_id', 'is', null)
    .where(notACertificate)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Deletes artwork that no order claimed within 7 days (uploads abandoned with a cart, rejected
 * files, URLs never used), rows and files. The row goes first, in one conditional statement:
 * checkout claims under a row lock, so a file an order has just claimed is never deleted. If
 * removing the files then fails, the job reports it (the files are named in the log).
 */
export const deleteUnclaimedArtwork: SweepJob = {
  name: 'delete-unclaimed-artwork',
  async run(db) {
    const deleted = await inBatches(BATCHES, BATCH, async () => {
      const due = db
        .selectFrom('artwork')
        .select('id')
        .where('order_id', 'is', null)
        .where('quote_request_id', 'is', null)
        .where(notACertificate)
        .where('created_at', '<', sql<Date>`now() - make_interval(days => ${UNCLAIMED_ARTWORK_DAYS})`)
        .orderBy('created_at')
        .limit(BATCH);
      const ids = await deleteRowsNoneClaimed(db, due);
      if (ids.length === 0) return 0;
      const keys = ids.flatMap((id) => [originalKey(id), thumbnailKey(id)]);
      try {
        await artworkStore().remove(keys);
      } catch (error) {
        console.error(`[sweep] artwork rows deleted but files left: ${keys.join(', ')}`);
        throw error;
      }
      return ids.length;
    });
    return deleted > 0 ? `deleted ${deleted} unclaimed artwork file(s)` : null;
  },
};
