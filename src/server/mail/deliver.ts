import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { sendQueuedMail } from './sender.ts';
import { mailTransport } from './transport.ts';

/** What of Netlify's function context this needs (the local server and the platform both give it). */
export interface DeliveryContext {
  waitUntil?: ((promise: Promise<unknown>) => void) | undefined;
}

/**
 * Best effort: sends the mail a request just queued, after the answer when the platform can
 * keep working (`waitUntil`), otherwise before it. Any failure is only logged: the rows stay in
 * the outbox and the scheduled sender retries them.
 */
export async function deliverSoon(
  db: Kysely<Database>,
  ids: readonly string[],
  context: DeliveryContext = {},
): Promise<void> {
  if (ids.length === 0) return;
  const task = Promise.resolve()
    .then(() => sendQueuedMail(db, mailTransport(), { ids }))
    .then(
      () => undefined,
      (error: unknown) => console.error('[mail] sending right away failed; the scheduled sender will retry:', error),
    );
  if (context.waitUntil) context.waitUntil(task);
  else await task;
}
