import { formatUsd } from '../money.ts';

/**
 * "from $12.50 each at 144 pieces" (docs/decisions/0027-price-lists.md): the words of a
 * from-price, apart from the engine that works it out (from-price.ts) so the cart can say it
 * without loading the pricing code.
 */
export function fromPriceText(price: { cents: number; pieces: number }): string {
  return `from ${formatUsd(price.cents)} each at ${price.pieces.toLocaleString('en-US')} pieces`;
}
