import type { CompiledQuery } from 'kysely';

const committing = new WeakSet<CompiledQuery>();

/**
 * Marks a compiled statement as the last of its transaction: run with `trx.executeQuery(...)`,
 * the driver sends COMMIT right behind it, in the same write (PostgreSQL runs both and answers
 * both in one round trip). Rows the statement locks are then held for the statement and the
 * commit only, not while its answer travels back and the service sends COMMIT. The statement
 * must fail (raise an error) for anything that should stop the commit: a failed statement
 * aborts the transaction, so the COMMIT behind it rolls back. The transaction's own commit then
 * does nothing, and any later statement in it is refused. Outside a transaction the mark changes
 * nothing (the statement commits on its own anyway).
 */
export function lastStatement<Q extends CompiledQuery>(query: Q): Q {
  committing.add(query);
  return query;
}

/** Whether `query` was marked with `lastStatement`. */
export function commitsWith(query: CompiledQuery): boolean {
  return committing.has(query);
}

/** A statement sent after the transaction committed with its last statement (a programming error). */
export class TransactionEndedError extends Error {
  override name = 'TransactionEndedError';
}
