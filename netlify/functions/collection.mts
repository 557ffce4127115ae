import type { Config, Context } from '@netlify/functions';
import { getCollection } from '../../src/server/catalog/collections.ts';
import { db } from '../../src/server/db/index.ts';
import { HttpError, handle, json } from '../../src/server/http.ts';

export default handle(async (_req: Request, context: Context) => {
  const slug = context.params['slug'] ?? '';
  const collection = await getCollection(await db(), slug);
  if (!collection) throw new HttpError(404, 'not_found', `There is no collection "${slug}".`);
  return json(collection);
});

export const config: Config = { path: '/api/collections/:slug', method: 'GET' };
