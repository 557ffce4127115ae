import type { Config, Context } from '@netlify/functions';
import { buyNowSchema } from '../../src/lib/cart/checkout-schema.ts';
import { startCheckout } from '../../src/server/checkout/start-checkout.ts';
import { checkoutUrls } from '../../src/server/links/urls.ts';
import { db } from '../../src/server/db/index.ts';
import { DomainError } from '../../src/server/errors.ts';
import { handle, json } from '../../src/server/http.ts';
import { paymentProvider } from '../../src/server/orders/payment-provider.ts';
import { readJson } from '../../src/server/request.ts';
import { enforceCheckoutThrottle, holdClientOf } from '../../src/server/throttle/shop-throttles.ts';

/**
 * Buy Now sends one line with its own field names (docs/decisions/spec-rules.md#s7); errors name
 * those, not the cart's.
 */
const BUY_NOW_FIELDS: Record<string, string> = {
  'items.0.productId': 'productId',
  'items.0.colorId': 'color_id',
  'items.0.sizeId': 'size_id',
  'items.0.quantity': 'quantity',
};

function inBuyNowFields(error: unknown): unknown {
  if (!(error instanceof DomainError) || !error.fields) return error;
  const fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [BUY_NOW_FIELDS[k] ?? k, v]));
  return error.withFields(fields);
}

/** Throttled per client, on the same budget as the cart's checkout. */
export default handle(async (req: Request, context: Context) => {
  const database = await db();
  await enforceCheckoutThrottle(database, context.ip);
  const input = await readJson(req, buyNowSchema);
  const answer = await startCheckout(
    database,
    paymentProvider(database),
    {
      lines: [
        {
          productId: input.productId,
          colorId: input.color_id ?? null,
          sizeId: input.size_id ?? null,
          quantity: input.quantity,
        },
      ],
      fulfillment: input.fulfillment,
      shippingSpeed: input.shippingSpeed,
      discountCode: null,
      cartId: null,
      // Buy Now carries no print choices: a product priced by lists is bought from the cart.
      listPriced: false,
    },
    checkoutUrls(req),
    { holdClient: holdClientOf(context.ip) },
  ).catch((error: unknown) => {
    throw inBuyNowFields(error);
  });
  return json(answer, 201);
});

export const config: Config = { path: '/api/checkout', method: 'POST' };
