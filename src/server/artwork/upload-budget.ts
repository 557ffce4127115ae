import { type Kysely, sql } from 'kysely';
import { config, type ServerConfig } from '../config.ts';
import type { Database } from '../db/types.ts';
import { StorageFull, Throttled } from '../errors.ts';
import { clientKey } from '../throttle/throttle.ts';
import { type ArtworkStore, originalKey } from './store.ts';

/**
 * How long an upload ticket stays open: its row waits this long for the file and its check, then
 * lapses (the sweep rejects it and deletes what arrived). Minutes, not an hour, so a ticket
 * never used stops counting soon (docs/decisions/0041-outside-audit.md item 5); long enough
 * for a slow phone to send the largest file: 50 MB is 419 Mbit, 14 minutes on a weak uplink of
 * 0.5 Mbit/s and 17 at 0.4, plus its check. A local upload URL must be used within 5 minutes
 * of the ticket (local-store.ts); an upload already under way carries on.
 */
export const UNCHECKED_UPLOAD_MINUTES = 20;

/**
 * Open tickets (not yet checked, not lapsed) one client may hold: a large order's files at once.
 * ARTWORK_OPEN_UPLOADS_PER_CLIENT raises it where one address is many people (the browser tests).
 */
export const OPEN_UPLOADS_PER_CLIENT = positiveFromEnv('ARTWORK_OPEN_UPLOADS_PER_CLIENT', 6);

function positiveFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

const MB = 1024 * 1024;

/**
 * Bytes of unchecked uploads allowed at once, per client (IPv4 address or IPv6 /64) and in all,
 * counted as storage received them; and how many open tickets one client may hold.
 */
export interface UploadBudget {
  perClientBytes: number;
  totalBytes: number;
  openPerClient: number;
}

export function uploadBudget(
  cfg: Pick<ServerConfig, 'ARTWORK_UNCHECKED_CLIENT_MB' | 'ARTWORK_UNCHECKED_TOTAL_MB'> = config(),
): UploadBudget {
  return {
    perClientBytes: cfg.ARTWORK_UNCHECKED_CLIENT_MB * MB,
    totalBytes: cfg.ARTWORK_UNCHECKED_TOTAL_MB * MB,
    openPerClient: OPEN_UPLOADS_PER_CLIENT,
  };
}

/** The key an upload is counted under: the client's, hashed (never its address). */
export const uploadClientOf = (ip: string | undefined) => clientKey(ip, 'artwork-unchecked');

const inMb = (bytes: number) => Math.round(bytes / MB);

/** What storage holds for the open (unchecked, not lapsed) uploads: in all and of one client. */
export interface ReceivedBytes {
  client: number;
  total: number;
}

/**
 * Measures the bytes storage actually holds for open uploads (docs/decisions/0041-outside-audit.md
 * item 5): a ticket whose file never came costs nothing, a file half sent counts what arrived.
 * Measured before the budget's lock (bytes arrive whenever they do; the lock orders tickets).
 */
export async function receivedBytes(
  db: Kysely<Database>,
  store: ArtworkStore,
  client: string | null,
): Promise<ReceivedBytes> {
  const open = await db
    .selectFrom('artwork')
    .select(['id', 'upload_client'])
    .where('status', '=', 'awaiting_upload')
    .where('expires_at', '>', sql<Date>`now()`)
    .execute();
  if (open.length === 0) return { client: 0, total: 0 };
  const sizes = await store.receivedBytes(open.map((row) => originalKey(row.id)));
  let total = 0;
  let mine = 0;
  for (const row of open) {
    const bytes = sizes.get(originalKey(row.id)) ?? 0;
    total += bytes;
    if (client !== null && row.upload_client === client) mine += bytes;
  }
  return { client: mine, total };
}

/**
 * Checks, under one transaction-scoped lock, that a client may open one more upload ticket for
 * a file of `bytes`: at most `openPerClient` open tickets (429 in words past it), and the bytes
 * received (`received`) plus this file within the client's budget (429) and everyone's (507).
 * Each answers when to try again: when the first open ticket that counts lapses. `client` null:
 * the shop's own upload (a script, a test), bounded by the total only. The caller inserts the
 * ticket's row in the same transaction, so tickets asked for at once cannot all slip past.
 */
export async function checkUploadBudget(
  trx: Kysely<Database>,
  input: { client: string | null; bytes: number; received: ReceivedBytes; budget: UploadBudget },
): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended('artwork-upload-budget', 0))`.execute(trx);
  const mine = sql<boolean>`upload_client = ${input.client}`;
  const row = await trx
    .selectFrom('artwork')
    .select([
      sql<number>`count(*) filter (where ${mine})::int`.as('client_open'),
      sql<number | null>`ceil(extract(epoch from (min(expires_at) filter (where ${mine}) - now())))::int`.as(
        'client_retry',
      ),
      sql<number | null>`ceil(extract(epoch from (min(expires_at) - now())))::int`.as('total_retry'),
    ])
    .where('status', '=', 'awaiting_upload')
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  const { perClientBytes, totalBytes, openPerClient } = input.budget;
  const clientRetry = Math.max(1, row.client_retry ?? 60);
  if (input.client !== null && row.client_open >= openPerClient) {
    throw new Throttled(
      'upload_tickets',
      `You have ${row.client_open} uploads started and not checked yet (at most ${openPerClient} at a time). Let them finish, or try again in ${Math.ceil(clientRetry / 60)} minutes.`,
      clientRetry,
    );
  }
  if (input.client !== null && input.received.client + input.bytes > perClientBytes) {
    throw new Throttled(
      'upload_budget',
      `Your connection already has ${inMb(input.received.client)} MB of uploads waiting to be checked (at most ${inMb(perClientBytes)} MB at a time). Let them finish, or try again later.`,
      clientRetry,
    );
  }
  if (input.received.total + input.bytes > totalBytes) {
    throw new StorageFull(
      'upload_storage_full',
      'The shop cannot take more uploads right now. Please try again in a few minutes.',
      Math.max(1, row.total_retry ?? 60),
    );
  }
}
