/** One quantity price tier: from `min_quantity` pieces on, each piece costs `unit_price_cents`. */
export interface PriceTier {
  min_quantity: number;
  unit_price_cents: number;
}

/** What pricing needs of a product: its base price per piece and its tiers (any order). */
export interface TieredProduct {
  price_cents: number;
  price_tiers?: readonly PriceTier[] | undefined;
}

/** The tiers a product's price per piece follows, lowest first, starting at 1 piece. */
export function priceTable(product: TieredProduct): PriceTier[] {
  const tiers = [...(product.price_tiers ?? [])].sort((a, b) => a.min_quantity - b.min_quantity);
  if (tiers[0]?.min_quantity !== 1) tiers.unshift({ min_quantity: 1, unit_price_cents: product.price_cents });
  return tiers;
}

/**
 * The price of one piece of a product when `pieces` are ordered on one line (one colour, all
 * sizes together): the one place a unit price is chosen, for the product page, the cart and
 * checkout's re-pricing from the database.
 */
export function unitPriceCents(product: TieredProduct, pieces = 1): number {
  let price = product.price_cents;
  for (const tier of priceTable(product)) if (pieces >= tier.min_quantity) price = tier.unit_price_cents;
  return price;
}

/** The next cheaper tier from `pieces`, and how many more pieces reach it; null at the last. */
export function nextTier(product: TieredProduct, pieces: number): { more: number; unit_price_cents: number } | null {
  const current = unitPriceCents(product, pieces);
  const next = priceTable(product).find((t) => t.min_quantity > pieces && t.unit_price_cents < current);
  return next ? { more: next.min_quantity - pieces, unit_price_cents: next.unit_price_cents } : null;
}

/** Why a line below its product's minimum cannot be bought, and what to add. */
export function belowMinimumMessage(name: string, minimum: number, pieces: number): string {
  return `${name} is printed in runs of ${minimum} or more (sizes of one colour count together): add ${minimum - pieces} more.`;
}
