import type { Config, Context } from '@netlify/functions';
import { type DiscountAnswer, discountValidateSchema } from '../../src/lib/cart/checkout-schema.ts';
import { findUsableDiscount } from '../../src/server/checkout/discounts.ts';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';
import { readJson } from '../../src/server/request.ts';
import { enforceDiscountAttempt } from '../../src/server/throttle/shop-throttles.ts';

/**
 * The cart's promo-code check. A usable code answers its discount; every other code the same
 * 404 invalid_discount (see findUsableDiscount), and each client is throttled (the same budget
 * as codes sent with a checkout), so the endpoint cannot be used to find out which codes exist.
 * A personal code answers `requires_email: true` and not its address: that is checked at
 * checkout (bindPersonalCode).
 */
export default handle(async (req: Request, context: Context) => {
  const database = await db();
  await enforceDiscountAttempt(database, context.ip);
  const { code } = await readJson(req, discountValidateSchema);
  const discount = await findUsableDiscount(database, code);
  // A personal code says so (checkout needs its e-mail) but never whose it is.
  const answer: DiscountAnswer = {
    code: discount.code,
    type: discount.type,
    amount_cents: discount.amount_cents,
    requires_email: discount.email !== null,
  };
  return json(answer);
});

export const config: Config = { path: '/api/discount-codes/validate', method: 'POST' };
