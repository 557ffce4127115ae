import { NotFound } from '../errors.ts';
import { type Expression, type Kysely, sql } from 'kysely';
import type { DiscountAnswer } from '../../lib/cart/checkout-schema.ts';
import type { AppliedDiscount } from '../../lib/pricing/cart-totals.ts';
import type { Database } from '../db/types.ts';
import { STRIPE_GRACE } from './sweep-expired.ts';

/** A code that may be applied right now, with what `priceCart` needs. */
export interface UsableDiscount extends Omit<DiscountAnswer, 'requires_email'> {
  id: string;
  /** Set for a personal code: the address it was sent to, the only mailbox that may use it. */
  email: string | null;
  /** Has a maximum of uses: checkout must claim one (claimDiscount) under the code's lock. */
  limited: boolean;
}

/**
 * The one answer for every code that cannot be used (unknown, inactive, used up or held by
 * pending orders): the same status, code and message, so neither the validate endpoint nor
 * checkout tells which codes exist.
 */
export const INVALID_DISCOUNT_MESSAGE = 'That code is invalid or expired.';

/** 404 invalid_discount; `field` (checkout's `discountCode`) names the payload path. */
export function invalidDiscount(field?: string): NotFound {
  return new NotFound(
    'invalid_discount',
    INVALID_DISCOUNT_MESSAGE,
    field ? { fields: { [field]: INVALID_DISCOUNT_MESSAGE } } : {},
  );
}

export function appliedDiscount(discount: UsableDiscount | null): AppliedDiscount | null {
  return discount ? { type: discount.type, amount_cents: discount.amount_cents } : null;
}

/**
 * A limited code's uses are those counted (total_uses: paid orders) plus those claimed by
 * orders still pending and still payable. A pending order past its expiry (plus Stripe's grace,
 * as sweepExpiredOrders decides) no longer holds its use, even before the sweep cancels it.
 */
const liveClaims = (discountId: Expression<unknown> | string) => sql<number>`(
  select count(*)::int from orders o
  where o.discount_code_id = ${discountId} and o.status = 'pending'
    and (o.expires_at is null or o.expires_at >= now()
         or (o.payment_provider = 'stripe' and o.expires_at >= now() - cast(${STRIPE_GRACE} as interval)))
)`;

/**
 * Finds a code case-insensitively and checks it can be used: known, active and, when limited,
 * with a use left after the paid and pending orders that hold one. Otherwise 404
 * invalid_discount, the same answer whatever the reason (`field` names the payload path).
 */
export async function findUsableDiscount(db: Kysely<Database>, code: string, field?: string): Promise<UsableDiscount> {
  const row = await db
    .selectFrom('discount_codes')
    .select(['id', 'code', 'type', 'amount_cents', 'is_active', 'max_uses', 'total_uses', 'email'])
    // Counted for limited codes only: an unlimited code may have thousands of pending orders.
    .select(
      sql<number>`case when max_uses is null then 0 else ${liveClaims(sql.ref('discount_codes.id'))} end`.as('pending'),
    )
    .where(sql`upper(code)`, '=', code.trim().toUpperCase())
    .executeTakeFirst();
  if (!row?.is_active) throw invalidDiscount(field);
  if (row.max_uses !== null && row.total_uses + row.pending >= row.max_uses) throw invalidDiscount(field);
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    amount_cents: row.amount_cents,
    email: row.email,
    limited: row.max_uses !== null,
  };
}

/**
 * Claims one use of a code for the order checkout is about to store, inside that checkout's
 * transaction. The code's row is locked first, so checkouts of the same limited code queue
 * here and each one counts the live claims (pending orders) the ones before it committed: a code with one
 * use left goes to exactly one of any number of concurrent checkouts, the others get 404
 * invalid_discount and keep their stock (the transaction rolls back). The claim is the pending
 * order itself: cancelling or expiring the order gives the use back, paying it counts the use
 * (redeemDiscount). Checkout claims limited codes only (`UsableDiscount.limited`): an unlimited
 * code has no uses to share out, and locking its row would queue every checkout that uses it.
 */
export async function claimDiscount(trx: Kysely<Database>, discountId: string, field?: string): Promise<void> {
  const row = await trx
    .selectFrom('discount_codes')
    .select(['is_active', 'max_uses', 'total_uses'])
    .where('id', '=', discountId)
    .forUpdate()
    .executeTakeFirst();
  if (!row?.is_active) throw invalidDiscount(field);
  if (row.max_uses === null) return;
  const { pending } = await trx.selectNoFrom(liveClaims(discountId).as('pending')).executeTakeFirstOrThrow();
  if (row.total_uses + pending >= row.max_uses) throw invalidDiscount(field);
}

/**
 * Counts one use of a code when its order is paid. The condition (`total_uses < max_uses`) is
 * checked against the latest committed row under its lock, so parallel payments can take a
 * limited code to max_uses and never past it. Answers false when the code was already used up
 * (or deleted) by then, which claimDiscount prevents unless an admin lowered max_uses or a
 * lapsed order is paid late: the customer has paid, so the order stands and it is logged.
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
