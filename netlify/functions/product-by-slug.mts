import { NotFound } from '../../src/server/errors.ts';
import type { Config, Context } from '@netlify/functions';
import { isSlug } from '../../src/lib/catalog/products.ts';
import { getProductBySlug } from '../../src/server/catalog/products.ts';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';

export default handle(async (_req: Request, context: Context) => {
  const slug = context.params['slug'] ?? '';
  // A string that cannot be a slug names no product: answer without asking the database.
  const product = isSlug(slug) ? await getProductBySlug(await db(), slug) : null;
  if (!product) throw new NotFound('not_found', `There is no product "${slug}".`);
  return json(product);
});

export const config: Config = { path: '/api/products/slug/:slug', method: 'GET' };
