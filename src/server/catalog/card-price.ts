import { type Kysely, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { ProductCard } from '../../lib/catalog/catalog.ts';
import { type FromPrice, fromPrice } from '../../lib/pricing/from-price.ts';
import type { Database } from '../db/types.ts';
import { pricingInputsOf } from './pricing-inputs.ts';

/**
 * "from $X each at N pieces" for the cards of list-priced products (docs/decisions/0027-price-lists.md): the lists are
 * read and priced here, on the server, and a card carries only {cents, pieces}. One query for
 * the products that link any list; the rest keep their own price and are not read again.
 */
export async function fromPricesOf(
  db: Kysely<Database>,
  productIds: readonly string[],
): Promise<Map<string, FromPrice>> {
  const prices = new Map<string, FromPrice>();
  if (productIds.length === 0) return prices;
  const productId = sql.ref<string>('p.id');
  const rows = await db
    .selectFrom('products as p')
    .select([
      'p.id',
      'p.name',
      'p.price_cents',
      jsonArrayFrom(
        db
          .selectFrom('product_sizes as ps')
          .innerJoin('sizes as s', 's.id', 'ps.size_id')
          .select(['s.name'])
          .where('ps.product_id', '=', productId)
          .where('s.is_active', '=', true)
          .orderBy('s.sort_order')
          .orderBy('s.name'),
      ).as('sizes'),
      ...pricingInputsOf(db, productId),
    ])
    .where('p.id', 'in', [...productIds])
    .where((eb) =>
      eb.or([
        eb('p.garment_list_id', 'is not', null),
        eb('p.area_list_id', 'is not', null),
        eb.exists(
          eb
            .selectFrom('product_print_locations as l')
            .select('l.code')
            .whereRef('l.product_id', '=', 'p.id')
            .where('l.price_list_id', 'is not', null),
        ),
      ]),
    )
    .execute();
  for (const row of rows) {
    const price = fromPrice(row);
    if (price) prices.set(row.id, price);
  }
  return prices;
}

/** The cards with their from-price where they have one (the others unchanged, without the key). */
export async function withFromPrices<C extends Pick<ProductCard, 'id'>>(
  db: Kysely<Database>,
  cards: C[],
): Promise<(C & Pick<ProductCard, 'from_price'>)[]> {
  const prices = await fromPricesOf(
    db,
    cards.map((c) => c.id),
  );
  return cards.map((card) => {
    const price = prices.get(card.id);
    return price ? { ...card, from_price: price } : card;
  });
}
