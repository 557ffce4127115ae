import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { shopDateTimeWords } from '../../lib/site/shop-time.ts';
import { storeState } from '../../lib/stores/store-state.ts';
import { atomically } from '../db/transaction.ts';
import type { Database } from '../db/types.ts';
import { Conflict, NotFound } from '../errors.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { closeStore, type StoreClosed } from './store-close.ts';

/**
 * The owner closes a store before its close date (docs/decisions/0030-team-stores.md: the organiser asks to stop early,
 * or everything sold): its close moves to now and the close runs at once, as the sweep would
 * run it, so the batch is in the Orders queue and the refunds made before this answers. Only an
 * open store (or one past its close the sweep has not reached) closes; a store that has not
 * opened, is not approved, or closed already is refused in words, and nothing changes.
 */
export async function closeStoreNow(
  db: Kysely<Database>,
  storeId: string,
  provider?: () => PaymentProvider,
): Promise<StoreClosed> {
  await atomically(db, async (trx) => {
    const store = await trx
      .selectFrom('stores')
      .select(['status', 'opens_at', 'closes_at'])
      .where('id', '=', storeId)
      .forUpdate()
      .executeTakeFirst();
    if (!store) throw new NotFound('not_found', 'There is no such store.');
    const state = storeState(store);
    if (state === 'closed') throw new Conflict('store_closed', 'This store has closed already: a store closes once.');
    if (state === 'draft' || state === 'awaiting_approval') {
      throw new Conflict(
        'not_approved',
        'This store is not approved yet: it has no orders to close. Edit its dates instead.',
      );
    }
    if (state === 'scheduled') {
      throw new Conflict(
        'not_open',
        `This store opens on ${shopDateTimeWords(store.opens_at)}: it has no orders to close. Edit its dates instead.`,
      );
    }
    await trx
      .updateTable('stores')
      .set({ closes_at: sql<Date>`least(closes_at, now())`, updated_at: sql<Date>`now()` })
      .where('id', '=', storeId)
      .execute();
  });
  const closed = await closeStore(db, storeId, provider);
  // Two owners pressing at once: the second close finds it closed and did nothing.
  if (!closed) throw new Conflict('store_closed', 'This store has closed already: a store closes once.');
  return closed;
}
