import type { Config } from '@netlify/functions';
import { buyNowSchema } from '../../src/lib/checkout-schema.ts';
import type { FieldOf } from '../../src/server/checkout/load-lines.ts';
import { startCheckout } from '../../src/server/checkout/start-checkout.ts';
import { checkoutUrls } from '../../src/server/checkout/urls.ts';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';
import { paymentProvider } from '../../src/server/payments/index.ts';
import { readJson } from '../../src/server/request.ts';

/** Buy Now sends one line with its own field names; errors name those. */
const buyNowField: FieldOf = (_index, field) =>
  ({ productId: 'productId', colorId: 'color_id', sizeId: 'size_id', quantity: 'quantity' })[field];

export default handle(async (req: Request) => {
  const input = await readJson(req, buyNowSchema);
  const database = await db();
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
    { fieldOf: buyNowField },
  );
  return json(answer, 201);
});

export const config: Config = { path: '/api/checkout', method: 'POST' };
