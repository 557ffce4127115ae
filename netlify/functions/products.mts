import { Invalid } from '../../src/server/errors.ts';
import type { Config } from '@netlify/functions';
import { isSlug } from '../../src/lib/catalog/products.ts';
import { listProducts } from '../../src/server/catalog/products.ts';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';

export default handle(async (req: Request) => {
  const category = new URL(req.url).searchParams.get('category') ?? undefined;
  if (category !== undefined && !isSlug(category)) {
    throw new Invalid('invalid_input', 'category must be a collection slug.', {
      fields: { category: 'Use a collection slug such as city-champ-golf.' },
    });
  }
  return json(await listProducts(await db(), { category }));
});

export const config: Config = { path: '/api/products', method: 'GET' };
