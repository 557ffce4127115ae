import type { Config } from '@netlify/functions';
import { taxPlaceSchema } from '../../src/lib/tax/tax-place-schema.ts';
import { db } from '../../src/server/db/index.ts';
import { Invalid } from '../../src/server/errors.ts';
import { handle, json } from '../../src/server/http.ts';
import { taxForCheckout } from '../../src/server/tax/tax-rules-store.ts';

/**
 * The tax rules an address falls under (issue 50), for the cart's estimate: `?state=TX&zip=79415`
 * when shipping, `?pickup=1` for the shop's own address. Only the rates of that one state are
 * answered; checkout computes the tax again from the database, so nothing here is trusted.
 */
export default handle(async (req: Request) => {
  const query = new URL(req.url).searchParams;
  if (query.get('pickup') === '1') return json(await taxForCheckout(await db(), 'local', null), 200, CACHE);
  const parsed = taxPlaceSchema.safeParse({ state: query.get('state') ?? '', zip: query.get('zip') ?? '' });
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    throw new Invalid('invalid_input', 'Enter the state and ZIP code the order ships to.', { fields });
  }
  return json(await taxForCheckout(await db(), 'shipping', parsed.data), 200, CACHE);
});

/** Rules change rarely; a browser may keep an answer for five minutes (checkout re-reads them). */
const CACHE = { 'cache-control': 'public, max-age=300' };

export const config: Config = { path: '/api/tax-rules', method: 'GET' };
