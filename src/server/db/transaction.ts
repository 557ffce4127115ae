import type { Kysely, Transaction } from 'kysely';
import type { Database } from './types.ts';

/**
 * Runs `fn` in a transaction, or inside the caller's when `db` already is one: services that
 * must be atomic (complete, release) then compose into a bigger unit of work, such as a
 * webhook delivery that records its event id and applies it together.
 */
export function atomically<T>(db: Kysely<Database>, fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  return db.transaction().execute((trx: Transaction<Database>) => fn(trx));
}
