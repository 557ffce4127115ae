import type { Config, Context } from '@netlify/functions';
import { isSlug } from '../../src/lib/catalog/products.ts';
import { db } from '../../src/server/db/index.ts';
import { NotFound } from '../../src/server/errors.ts';
import { handle, json } from '../../src/server/http.ts';
import { storeProgress } from '../../src/server/stores/store-progress.ts';

/** A store's live progress: pieces sold per design and its state, for the pre-rendered page. */
export default handle(async (_req: Request, context: Context) => {
  const slug = context.params['slug'] ?? '';
  if (!isSlug(slug)) throw new NotFound('not_found', 'There is no such store.');
  return json(await storeProgress(await db(), slug));
});

export const config: Config = { path: '/api/stores/:slug/progress', method: 'GET' };
