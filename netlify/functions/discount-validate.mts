import type { Config } from '@netlify/functions';
import { type DiscountAnswer, discountValidateSchema } from '../../src/lib/checkout-schema.ts';
import { findUsableDiscount } from '../../src/server/checkout/discounts.ts';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';
import { readJson } from '../../src/server/request.ts';

export default handle(async (req: Request) => {
  const { code } = await readJson(req, discountValidateSchema);
  const { id: _id, ...discount } = await findUsableDiscount(await db(), code);
  const answer: DiscountAnswer = discount;
  return json(answer);
});

export const config: Config = { path: '/api/discount-codes/validate', method: 'POST' };
