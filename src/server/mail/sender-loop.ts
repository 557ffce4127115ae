import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { repeatEvery } from '../timers/repeat.ts';
import { sendQueuedMail } from './sender.ts';
import { mailTransport } from './transport.ts';

/**
 * The outbox sender of a long-running process (`npm start`), doing what the scheduled
 * function send-mail does on Netlify: every `everyMs`, send what is due.
 */
export function startOutboxSender(db: Kysely<Database>, options: { everyMs?: number } = {}) {
  return repeatEvery('mail', options.everyMs ?? 10_000, () => sendQueuedMail(db, mailTransport()));
}
