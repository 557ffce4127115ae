import type { Kysely } from 'kysely';
import { shopDateTimeWords } from '../../lib/site/shop-time.ts';
import { storeState } from '../../lib/stores/store-state.ts';
import { atomically } from '../db/transaction.ts';
import type { Database } from '../db/types.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';

/** The most days an organiser may push a store's close back, once. */
export const MAX_EXTENSION_DAYS = 3;

async function lockStore(trx: Kysely<Database>, storeId: string) {
  const store = await trx.selectFrom('stores').selectAll().where('id', '=', storeId).forUpdate().executeTakeFirst();
  if (!store) throw new NotFound('not_found', 'There is no such store.');
  return store;
}

/**
 * The organiser approves the store's proof (docs/decisions/0030-team-stores.md): it opens at its
 * open date (at once when that has passed). Refused in words when the shop took it back to change it, when it is
 * approved already, or when its close has passed.
 */
export async function approveStore(db: Kysely<Database>, storeId: string, now = new Date()) {
  return atomically(db, async (trx) => {
    const store = await lockStore(trx, storeId);
    if (store.status === 'approved' || store.status === 'closed') {
      throw new Conflict('already_approved', 'You approved this store already.');
    }
    if (store.status === 'draft') {
      throw new Conflict('store_in_draft', 'The shop is changing this store: they will send it to you again.');
    }
    if (new Date(store.closes_at) <= now) {
      throw new Conflict('store_close_passed', 'The store’s close has passed: ask the shop to set new dates.');
    }
    await trx
      .updateTable('stores')
      .set({ status: 'approved', approved_at: now, updated_at: now })
      .where('id', '=', storeId)
      .execute();
  });
}

/**
 * The organiser pushes the close back once, by 1 to 3 whole days, before it passes
 * (docs/decisions/0030-team-stores.md). A second extension, more days, or a store already past its
 * close are refused in words.
 */
export async function extendStoreClose(db: Kysely<Database>, storeId: string, days: unknown, now = new Date()) {
  const n =
    typeof days === 'string' && /^\d{1,3}$/.test(days.trim())
      ? Number(days)
      : typeof days === 'number'
        ? days
        : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_EXTENSION_DAYS) {
    const message = `The close can be pushed back by 1 to ${MAX_EXTENSION_DAYS} days, once.`;
    throw new Invalid('invalid_extension', message, { fields: { days: message } });
  }
  return atomically(db, async (trx) => {
    const store = await lockStore(trx, storeId);
    const state = storeState(store, now);
    if (state === 'draft' || state === 'awaiting_approval') {
      throw new Conflict('not_approved', 'Approve the store first; its close can be extended once it is approved.');
    }
    if (state === 'closing' || state === 'closed') {
      throw new Conflict('store_closed', 'The store has closed: its close can no longer be extended.');
    }
    if (store.extended_at) {
      throw new Conflict(
        'already_extended',
        `The close was extended once already (it is now ${shopDateTimeWords(store.closes_at)}): a store is extended only once.`,
      );
    }
    const closesAt = new Date(new Date(store.closes_at).getTime() + n * 86_400_000);
    await trx
      .updateTable('stores')
      .set({ closes_at: closesAt, extended_at: now, updated_at: now })
      .where('id', '=', storeId)
      .where('extended_at', 'is', null)
      .execute();
    return { closesAt };
  });
}
