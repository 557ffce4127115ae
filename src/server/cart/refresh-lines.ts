import type { Kysely } from 'kysely';
import type { CartRefresh, CartRefreshAnswer, RefreshedLine } from '../../lib/cart/cart-schema.ts';
import type { Database } from '../db/types.ts';
import { type CheckoutLine, checkLines } from '../checkout/load-lines.ts';
import { lineField, lineRef } from '../checkout/requested-lines.ts';

/**
 * What each line of a stored cart may have now: its current unit price, the stock left and
 * whether it can be bought at all. The lines are checked by checkout's own reading
 * (`checkLines`), so the cart shows exactly what checkout would accept and charge.
 */
export async function refreshLines(
  db: Kysely<Database>,
  items: CartRefresh['items'],
  rush: string | null = null,
): Promise<CartRefreshAnswer> {
  // The quantities choose each line's tier price and check minimums; the stock answer gives the
  // limit. A list-priced line's inputs and the rush price it by the owner's lists as checkout does.
  const requested = items.map((item) => ({
    ...lineRef(item),
    quantity: item.quantity,
    locations: item.locations,
    area: item.area,
  }));
  const { lines, badInput, unavailable } = await checkLines(db, requested, { rush });
  const stock = await stockLeft(db, [...lines.values()]);

  return {
    lines: requested.map((req, index): RefreshedLine => {
      const line = lines.get(index);
      if (line) {
        return {
          ...lineRef(req),
          purchasable: true,
          price_cents: line.unitPriceCents,
          // A list-priced line's price in words; a flat-priced line's answer is as before.
          ...(line.pricing ? { breakdown: line.pricing.breakdown } : {}),
          ...(line.listProduct ? { list_product: line.listProduct } : {}),
          available: availableOf(line, stock),
          message: null,
        };
      }
      const problems = { ...badInput, ...unavailable };
      // The line's own fields first, then its pricing inputs, then the cart's rush.
      const message =
        (['productId', 'colorId', 'sizeId', 'quantity'] as const)
          .map((field) => problems[lineField(index, field)])
          .find(Boolean) ??
        Object.entries(problems).find(([field]) => field.startsWith(`items.${index}.`))?.[1] ??
        problems.rush;
      return {
        ...lineRef(req),
        purchasable: false,
        price_cents: null,
        available: 0,
        message: message ?? 'This item is no longer available.',
      };
    }),
  };
}

type StockLeft = { variants: Map<string, number>; products: Map<string, number> };

/** Stock on the shelf now for the lines' variants and products (two reads at most). */
async function stockLeft(db: Kysely<Database>, lines: CheckoutLine[]): Promise<StockLeft> {
  const idsOf = (kind: 'variant' | 'product') => [
    ...new Set(lines.flatMap(({ stock }) => (stock.kind === kind ? [stock.id] : []))),
  ];
  const variantIds = idsOf('variant');
  const productIds = idsOf('product');
  const [variants, products] = await Promise.all([
    variantIds.length === 0
      ? []
      : db.selectFrom('product_variants').select(['id', 'stock_qty']).where('id', 'in', variantIds).execute(),
    productIds.length === 0
      ? []
      : db.selectFrom('products').select(['id', 'stock_qty']).where('id', 'in', productIds).execute(),
  ]);
  return {
    variants: new Map(variants.map((v) => [v.id, v.stock_qty ?? 0])),
    products: new Map(products.map((p) => [p.id, p.stock_qty ?? 0])),
  };
}

function availableOf({ stock }: CheckoutLine, left: StockLeft): number | null {
  if (stock.kind === 'untracked') return null;
  if (stock.kind === 'none') return 0;
  const qty = (stock.kind === 'variant' ? left.variants : left.products).get(stock.id) ?? 0;
  return Math.max(0, qty);
}
