import type { Config, Context } from '@netlify/functions';
import { buyNowSchema } from '../../src/lib/checkout-schema.ts';
import type { FieldOf } from '../../src/server/checkout/load-lines.ts';
import { startCheckout } from '../../src/server/checkout/start-checkout.ts';
import { checkoutUrls } from '../../src/server/checkout/urls.ts';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';
import { paymentProvider } from '../../src/server/payments/index.ts';
import { readJson } from '../../src/server/request.ts';
import { enforceCheckoutThrottle, holdClientOf } from '../../src/server/throttle/shop-throttles.ts';

/** Buy Now sends one line with its own field names; errors name those. */
const buyNowField: FieldOf = (_index, field) =>
  ({ productId: 'productId', colorId: 'color_id', sizeId: 'size_id', quantity: 'quantity' })[field];

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
    },
    checkoutUrls(req),
    { fieldOf: buyNowField, holdClient: holdClientOf(context.ip) },
  );
  return json(answer, 201);
});

export const config: Config = { path: '/api/checkout', method: 'POST' };
