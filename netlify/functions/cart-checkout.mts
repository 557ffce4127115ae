import type { Config } from '@netlify/functions';
import { cartCheckoutSchema } from '../../src/lib/checkout-schema.ts';
import { startCheckout } from '../../src/server/checkout/start-checkout.ts';
import { checkoutUrls } from '../../src/server/checkout/urls.ts';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';
import { paymentProvider } from '../../src/server/payments/index.ts';
import { readJson } from '../../src/server/request.ts';

export default handle(async (req: Request) => {
  const input = await readJson(req, cartCheckoutSchema);
  const database = await db();
  const answer = await startCheckout(
    database,
    paymentProvider(database),
    {
      lines: input.items.map((item) => ({
        productId: item.productId,
        colorId: item.colorId ?? null,
        sizeId: item.sizeId ?? null,
        quantity: item.quantity,
      })),
      fulfillment: input.fulfillment,
      shippingSpeed: input.shippingSpeed,
      discountCode: input.discountCode ?? null,
      email: input.email ?? null,
      cartId: input.cartId ?? null,
    },
    checkoutUrls(req),
  );
  return json(answer, 201);
});

export const config: Config = { path: '/api/cart/checkout', method: 'POST' };
