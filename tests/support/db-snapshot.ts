import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/server/db/types.ts';

/**
 * Tables that record requests rather than data, and change by design on requests that are
 * refused: throttle counters (one row per client and route) and admin sign-in attempts.
 */
export const REQUEST_LEDGERS = ['request_throttle', 'login_attempts'];

export type Snapshot = Record<string, string>;

let tablesOf: Promise<string[]> | undefined;

/**
 * One checksum per table of the public schema, over the row versions rather than their
 * contents: every insert, update or delete changes a row's (ctid, xmin), so comparing these
 * finds any write, and costs the same however large the rows have grown.
 */
export async function snapshot(db: Kysely<Database>, exclude = REQUEST_LEDGERS): Promise<Snapshot> {
  tablesOf ??= sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`
    .execute(db)
    .then((r) => r.rows.map((row) => row.name));
  const tables = (await tablesOf).filter((t) => !exclude.includes(t));
  const parts = tables.map(
    (t) =>
      sql`select ${t} as name, md5(coalesce(string_agg(x.ctid::text || x.xmin::text, ',' order by x.ctid), '')) as sum from ${sql.table(t)} x`,
  );
  const { rows } = await sql<{ name: string; sum: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.name, r.sum]));
}

/** Names of the tables whose checksum differs between two snapshots. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return Object.keys({ ...before, ...after })
    .filter((t) => before[t] !== after[t])
    .sort();
}
