import { NotFound } from '../../src/server/errors.ts';
import type { Config, Context } from '@netlify/functions';
import { isSlug } from '../../src/lib/catalog/products.ts';
import { getCollection } from '../../src/server/catalog/collections.ts';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';

export default handle(async (_req: Request, context: Context) => {
  const slug = context.params['slug'] ?? '';
  // A string that cannot be a slug names no collection: answer without asking the database.
  const collection = isSlug(slug) ? await getCollection(await db(), slug) : null;
  if (!collection) throw new NotFound('not_found', `There is no collection "${slug}".`);
  return json(collection);
});

export const config: Config = { path: '/api/collections/:slug', method: 'GET' };
