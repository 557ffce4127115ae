import type { Config } from '@netlify/functions';
import { cartSyncSchema } from '../../src/lib/cart/cart-schema.ts';
import { syncCart } from '../../src/server/cart/carts.ts';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';
import { readJson } from '../../src/server/request.ts';

export default handle(async (req: Request) => {
  const input = await readJson(req, cartSyncSchema);
  return json(await syncCart(await db(), input));
});

export const config: Config = { path: '/api/cart', method: 'POST' };
