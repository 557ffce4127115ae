import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/types.ts';
import { loadSearchIndex } from '../../src/server/search/documents.ts';
import { SEARCH_INDEX_FILE } from '../../src/server/search/search-files.ts';

export interface SearchBuild {
  dir: string;
  /** Writes the index again from the database, as a rebuild does. */
  rebuild(): Promise<void>;
  /** Puts SHOP_OUT_DIR back and deletes the folder. */
  dispose(): void;
}

/**
 * What a build gives the search page and API (the index from `db`), in a folder of
 * its own that SHOP_OUT_DIR points at until disposed.
 */
export async function writeSearchBuild(db: Kysely<Database>): Promise<SearchBuild> {
  const dir = mkdtempSync(join(tmpdir(), 'search-build-'));
  const saved = process.env['SHOP_OUT_DIR'];
  const rebuild = async () => {
    writeFileSync(join(dir, SEARCH_INDEX_FILE), JSON.stringify(await loadSearchIndex(db)));
  };
  await rebuild();
  process.env['SHOP_OUT_DIR'] = dir;
  return {
    dir,
    rebuild,
    dispose() {
      if (saved === undefined) delete process.env['SHOP_OUT_DIR'];
      else process.env['SHOP_OUT_DIR'] = saved;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
