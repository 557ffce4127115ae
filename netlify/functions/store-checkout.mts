import type { Config, Context } from '@netlify/functions';
import { isSlug } from '../../src/lib/catalog/products.ts';
import { storeCheckoutSchema } from '../../src/lib/stores/store-checkout-schema.ts';
import { checkoutUrls } from '../../src/server/links/urls.ts';
import { db } from '../../src/server/db/index.ts';
import { NotFound } from '../../src/server/errors.ts';
import { handle, json } from '../../src/server/http.ts';
import { paymentProvider } from '../../src/server/orders/payment-provider.ts';
import { readJson } from '../../src/server/request.ts';
import { startStoreCheckout } from '../../src/server/stores/store-checkout.ts';
import { storePassCookie, storePassesOf } from '../../src/server/stores/store-password.ts';
import { enforceCheckoutThrottle } from '../../src/server/throttle/shop-throttles.ts';

/**
 * A store buyer's checkout (docs/decisions/0030-team-stores.md); throttled per client like the
 * cart's (and password guesses with it). A right password answers a pass for this store
 * (docs/decisions/0041-password-checks.md), so the buyer's next checkout hashes nothing.
 */
export default handle(async (req: Request, context: Context) => {
  const slug = context.params['slug'] ?? '';
  if (!isSlug(slug)) throw new NotFound('not_found', 'There is no such store.');
  const database = await db();
  await enforceCheckoutThrottle(database, context.ip);
  const input = await readJson(req, storeCheckoutSchema);
  const { answer, pass } = await startStoreCheckout(
    database,
    paymentProvider(database),
    slug,
    input,
    checkoutUrls(req),
    {
      passes: storePassesOf(req.headers.get('cookie')),
      ip: context.ip,
    },
  );
  const secure = new URL(req.url).protocol === 'https:';
  return json(answer, 201, pass ? { 'set-cookie': storePassCookie(slug, pass, secure) } : {});
});

export const config: Config = { path: '/api/stores/:slug/checkout', method: 'POST' };
