import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { sendQueuedMail } from './sender.ts';
import { mailTransport } from './transport.ts';

/**
 * The outbox sender of a long-running process (`npm start`), doing what the scheduled
 * function send-mail does on Netlify: every `everyMs`, send what is due. Runs never overlap,
 * and the timer does not keep the process alive.
 */
export function startOutboxSender(db: Kysely<Database>, options: { everyMs?: number } = {}) {
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= sendQueuedMail(db, mailTransport())
      .then(
        () => undefined,
        (error: unknown) => console.error('[mail] outbox run failed:', error),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, options.everyMs ?? 10_000);
  timer.unref();
  tick();
  return {
    /** Stops the timer and waits for a run in progress. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
