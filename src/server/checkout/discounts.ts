import { type Kysely, sql } from 'kysely';
import type { DiscountAnswer } from '../../lib/checkout-schema.ts';
import type { AppliedDiscount } from '../../lib/pricing.ts';
import { HttpError } from '../http.ts';
import type { Database } from '../db/types.ts';

/** A code that may be applied right now, with what `priceCart` needs. */
export interface UsableDiscount extends DiscountAnswer {
  id: string;
}

export function appliedDiscount(discount: UsableDiscount | null): AppliedDiscount | null {
  return discount ? { type: discount.type, amount_cents: discount.amount_cents } : null;
}

/**
 * Finds a code case-insensitively and checks it can be used: known, active and, when limited,
 * not used up. Otherwise 404 invalid_discount with the reason under `field`.
 */
export async function findUsableDiscount(db: Kysely<Database>, code: string, field = 'code'): Promise<UsableDiscount> {
  const row = await db
    .selectFrom('discount_codes')
    .select(['id', 'code', 'name', 'type', 'amount_cents', 'is_active', 'max_uses', 'total_uses'])
    .where(sql`upper(code)`, '=', code.trim().toUpperCase())
    .executeTakeFirst();
  const refuse = (message: string) => new HttpError(404, 'invalid_discount', message, { fields: { [field]: message } });
  if (!row) throw refuse(`"${code.trim()}" is not a valid promo code.`);
  if (!row.is_active) throw refuse(`The promo code "${row.code}" is no longer active.`);
  if (row.max_uses !== null && row.total_uses >= row.max_uses) {
    throw refuse(`The promo code "${row.code}" has been used up.`);
  }
  return { id: row.id, code: row.code, name: row.name, type: row.type, amount_cents: row.amount_cents };
}

/**
 * Counts one use of a code when its order is paid. The condition (`total_uses < max_uses`) is
 * checked against the latest committed row under its lock, so parallel payments can take a
 * limited code to max_uses and never past it. Answers false when the code was already used up
 * (or deleted) by then: the customer has paid, so the order stands and the shortfall is logged.
 */
export async function redeemDiscount(trx: Kysely<Database>, discountId: string): Promise<boolean> {
  const counted = await trx
    .updateTable('discount_codes')
    .set({ total_uses: sql`total_uses + 1` })
    .where('id', '=', discountId)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('total_uses', '<', eb.ref('max_uses'))]))
    .returning('id')
    .executeTakeFirst();
  return Boolean(counted);
}
