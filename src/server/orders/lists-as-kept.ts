import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

/** A price list as a priced line names it: its id and the version it was priced at. */
export interface KeptListRef {
  id: string;
  version: number;
}

export const keptListKey = (ref: KeptListRef) => `${ref.id}@${ref.version}`;

/**
 * Each list as the lines that name it were priced (docs/decisions/0027-price-lists.md): at its
 * version, which price_list_versions keeps for every save, so the prices of then are reproduced,
 * not today's; a version never kept: the list as it is now. By keptListKey; a list gone
 * altogether has no entry, and the caller says what that means for it.
 */
export async function listsAsKept(
  db: Kysely<Database>,
  refs: readonly KeptListRef[],
): Promise<Map<string, { version: number; data: unknown }>> {
  const found = new Map<string, { version: number; data: unknown }>();
  if (refs.length === 0) return found;
  const ids = [...new Set(refs.map((r) => r.id))];
  const kept = await db
    .selectFrom('price_list_versions')
    .select(['price_list_id', 'version', 'data'])
    .where('price_list_id', 'in', ids)
    .execute();
  const now = await db.selectFrom('price_lists').select(['id', 'version', 'data']).where('id', 'in', ids).execute();
  for (const ref of refs) {
    const version = kept.find((v) => v.price_list_id === ref.id && v.version === ref.version);
    const row = version ? { version: ref.version, data: version.data } : now.find((l) => l.id === ref.id);
    if (row) found.set(keptListKey(ref), { version: row.version, data: row.data });
  }
  return found;
}
