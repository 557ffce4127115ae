import type { Config } from '@netlify/functions';
import { cartRefreshSchema } from '../../src/lib/cart/cart-schema.ts';
import { refreshLines } from '../../src/server/cart/refresh-lines.ts';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';
import { readJson } from '../../src/server/request.ts';

/** A stored cart's lines as the shop has them now: price, stock left, purchasable (one call). */
export default handle(async (req: Request) => {
  const input = await readJson(req, cartRefreshSchema);
  return json(await refreshLines(await db(), input.items, input.rush ?? null));
});

export const config: Config = { path: '/api/cart/refresh', method: 'POST' };
