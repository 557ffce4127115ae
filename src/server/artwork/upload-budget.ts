import { type Kysely, sql } from 'kysely';
import { config, type ServerConfig } from '../config.ts';
import type { Database } from '../db/types.ts';
import { StorageFull, Throttled } from '../errors.ts';
import { clientKey } from '../throttle/throttle.ts';

/** An upload not checked within this long lapses (its signed URL lapses sooner, see the stores). */
export const UNCHECKED_UPLOAD_MINUTES = 60;

const MB = 1024 * 1024;

/** Bytes of unchecked uploads allowed at once: per client (IPv4 address or IPv6 /64) and in all. */
export interface UploadBudget {
  perClientBytes: number;
  totalBytes: number;
}

export function uploadBudget(
  cfg: Pick<ServerConfig, 'ARTWORK_UNCHECKED_CLIENT_MB' | 'ARTWORK_UNCHECKED_TOTAL_MB'> = config(),
): UploadBudget {
  return { perClientBytes: cfg.ARTWORK_UNCHECKED_CLIENT_MB * MB, totalBytes: cfg.ARTWORK_UNCHECKED_TOTAL_MB * MB };
}

/** The key an upload's reservation is counted under: the client's, hashed (never its address). */
export const uploadClientOf = (ip: string | undefined) => clientKey(ip, 'artwork-unchecked');

const inMb = (bytes: number) => Math.round(bytes / MB);

/**
 * Checks that `bytes` more unchecked upload fit the client's budget and everyone's, before a
 * signed URL is handed out; the caller inserts the reserving row in the same transaction.
 * Reservations are counted under one transaction-scoped lock, so uploads started at once cannot
 * all slip past a budget. 429 past the client's budget, 507 past everyone's, each with when to
 * try again: when the first reservation that counts lapses.
 */
export async function checkUploadBudget(
  trx: Kysely<Database>,
  input: { client: string; bytes: number; budget: UploadBudget },
): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended('artwork-upload-budget', 0))`.execute(trx);
  const mine = sql<boolean>`upload_client = ${input.client}`;
  const row = await trx
    .selectFrom('artwork')
    .select([
      sql<number>`coalesce(sum(upload_bytes) filter (where ${mine}), 0)::float8`.as('client_bytes'),
      sql<number>`coalesce(sum(upload_bytes), 0)::float8`.as('total_bytes'),
      sql<number | null>`ceil(extract(epoch from (min(expires_at) filter (where ${mine}) - now())))::int`.as(
        'client_retry',
      ),
      sql<number | null>`ceil(extract(epoch from (min(expires_at) - now())))::int`.as('total_retry'),
    ])
    .where('status', '=', 'awaiting_upload')
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  const { perClientBytes, totalBytes } = input.budget;
  if (Number(row.client_bytes) + input.bytes > perClientBytes) {
    throw new Throttled(
      'upload_budget',
      `Your connection already has ${inMb(Number(row.client_bytes))} MB of uploads waiting to be checked (at most ${inMb(perClientBytes)} MB at a time). Let them finish, or try again later.`,
      Math.max(1, row.client_retry ?? 60),
    );
  }
  if (Number(row.total_bytes) + input.bytes > totalBytes) {
    throw new StorageFull(
      'upload_storage_full',
      'The shop cannot take more uploads right now. Please try again in a few minutes.',
      Math.max(1, row.total_retry ?? 60),
    );
  }
}
