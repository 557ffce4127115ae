import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/types.ts';
import { loadSearchIndex } from '../../src/server/search/documents.ts';
import { SEARCH_INDEX_FILE, SEARCH_SHELL_FILE } from '../../src/server/search/search-files.ts';
import { SHELL_MARKER } from '../../src/server/search/search-page.ts';

/** The parts of the build's shell the search function fills: title, canonical address, marker. */
export const TEST_SHELL = `<!doctype html><html lang="en"><head><title>Search | West Texas Prints</title><link rel="canonical" href="https://shop.example/search-shell"><script type="module" src="/_astro/page.js"></script></head><body><main>${SHELL_MARKER}</main></body></html>`;

export interface SearchBuild {
  dir: string;
  /** Writes the index again from the database, as a rebuild does. */
  rebuild(): Promise<void>;
  /** Puts SHOP_OUT_DIR back and deletes the folder. */
  dispose(): void;
}

/**
 * What a build gives the search functions (the index from `db`, beside a shell), in a folder of
 * its own that SHOP_OUT_DIR points at until disposed.
 */
export async function writeSearchBuild(db: Kysely<Database>): Promise<SearchBuild> {
  const dir = mkdtempSync(join(tmpdir(), 'search-build-'));
  const saved = process.env['SHOP_OUT_DIR'];
  mkdirSync(join(dir, 'search-shell'));
  writeFileSync(join(dir, SEARCH_SHELL_FILE), TEST_SHELL);
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
