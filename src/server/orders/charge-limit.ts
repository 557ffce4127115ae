import { formatUsd, MAX_CHARGE_CENTS } from '../../lib/money.ts';
import { Invalid } from '../errors.ts';

/**
 * Refuses, in words and with 400, a quote or an order whose total the payment provider could
 * never charge (MAX_CHARGE_CENTS, Stripe's largest USD amount): the one rule for a quote's
 * revision and for every order the shop creates (docs/decisions/0013-trust-audit.md, the cart
 * shows what is charged). `fields` says what to do about it, by the caller's field names.
 */
export function refuseAboveMaxCharge(
  totalCents: number,
  what: 'A quote' | 'An order',
  fields: Record<string, string>,
): void {
  if (totalCents <= MAX_CHARGE_CENTS) return;
  throw new Invalid('invalid_input', `${what} can come to at most ${formatUsd(MAX_CHARGE_CENTS)}.`, { fields });
}
