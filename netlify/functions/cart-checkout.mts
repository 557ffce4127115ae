import type { Config, Context } from '@netlify/functions';
import { cartCheckoutSchema } from '../../src/lib/cart/checkout-schema.ts';
import { startCheckout } from '../../src/server/checkout/start-checkout.ts';
import { checkoutUrls } from '../../src/server/links/urls.ts';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';
import { paymentProvider } from '../../src/server/orders/payment-provider.ts';
import { readJson } from '../../src/server/request.ts';
import {
  enforceCheckoutThrottle,
  enforceDiscountAttempt,
  holdClientOf,
} from '../../src/server/throttle/shop-throttles.ts';

/** Throttled per client (shared with Buy Now); a promo code sent here counts as a code attempt. */
export default handle(async (req: Request, context: Context) => {
  const database = await db();
  await enforceCheckoutThrottle(database, context.ip);
  const input = await readJson(req, cartCheckoutSchema);
  if (input.discountCode) await enforceDiscountAttempt(database, context.ip);
  const answer = await startCheckout(
    database,
    paymentProvider(database),
    {
      lines: input.items.map((item) => ({
        productId: item.productId,
        colorId: item.colorId ?? null,
        sizeId: item.sizeId ?? null,
        quantity: item.quantity,
        locations: item.locations,
        area: item.area,
      })),
      fulfillment: input.fulfillment,
      shippingSpeed: input.shippingSpeed,
      discountCode: input.discountCode ?? null,
      email: input.email ?? null,
      cartId: input.cartId ?? null,
      artworkOwner: input.artworkOwner ?? null,
      inHandsDate: input.inHandsDate ?? null,
      rush: input.rush ?? null,
      account: input.account ?? null,
      shipTo: input.shipTo ?? null,
    },
    checkoutUrls(req),
    { holdClient: holdClientOf(context.ip) },
  );
  return json(answer, 201);
});

export const config: Config = { path: '/api/cart/checkout', method: 'POST' };
