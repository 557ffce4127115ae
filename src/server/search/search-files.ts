import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { SearchIndexFile } from '../../lib/search/documents.ts';
import { Unavailable } from '../errors.ts';
import { createSearchEngine, type SearchEngine } from '../../lib/search/engine.ts';

/**
 * What the search answers from: the build's `search-index.json`, read from the published folder,
 * never from the database, so search keeps answering while the database is down. On Netlify the
 * search function and the adapter's page function ship it (`included_files` in netlify.toml,
 * `includeFiles` in astro.config.mjs); `npm start` reads its own `dist/`, and a local rebuild that
 * swaps it in is picked up at the next search (the file is checked by modification time).
 */
export interface SearchFiles {
  engine: SearchEngine;
  index: SearchIndexFile;
}

export const SEARCH_INDEX_FILE = 'search-index.json';

export function publishedDir(env: Record<string, string | undefined> = process.env): string {
  return resolve(env['SHOP_OUT_DIR'] ?? 'dist');
}

const loaded = new Map<string, { stamp: string; files: Promise<SearchFiles> }>();

async function load(dir: string): Promise<SearchFiles> {
  const index = JSON.parse(await readFile(join(dir, SEARCH_INDEX_FILE), 'utf8')) as SearchIndexFile;
  if (index.version !== 1 || !Array.isArray(index.documents)) throw new Error(`${SEARCH_INDEX_FILE}: unknown format`);
  return { engine: createSearchEngine(index.documents, { size: index.sizes }, index.synonyms ?? []), index };
}

/** The search of the build in `dir`, built once per build and kept while its file stays the same. */
export async function searchFiles(dir = publishedDir()): Promise<SearchFiles> {
  let indexStat: Awaited<ReturnType<typeof stat>>;
  try {
    indexStat = await stat(join(dir, SEARCH_INDEX_FILE));
  } catch {
    // Before the first build finished (npm start's first seconds) there is nothing to search yet.
    throw new Unavailable('search_not_built', 'Search is not ready yet; try again in a minute.', 30);
  }
  const stamp = `${indexStat.mtimeMs}:${indexStat.size}:${indexStat.ino}`;
  const cached = loaded.get(dir);
  if (cached?.stamp === stamp) return cached.files;
  const files = load(dir);
  loaded.set(dir, { stamp, files });
  files.catch(() => loaded.delete(dir));
  return files;
}
