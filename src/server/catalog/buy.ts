import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { collectionOnSale } from './collection-window.ts';

/** A product offered on /buy through the payment provider's embedded buy button. */
export interface BuyButtonProduct {
  id: string;
  name: string;
  slug: string;
  price_cents: number;
  image_main_url: string | null;
  /** Collection slug, for the product page link. */
  collection: string;
  buyButtonId: string;
}

/** Active products (in collections on sale) that have a buy button, in shop order. */
export async function listBuyButtonProducts(db: Kysely<Database>): Promise<BuyButtonProduct[]> {
  const rows = await db
    .selectFrom('products')
    .innerJoin('collections', 'collections.id', 'products.collection_id')
    .select([
      'products.id',
      'products.name',
      'products.slug',
      'products.price_cents',
      'products.image_main_url',
      'products.stripe_buy_button_id',
      'collections.slug as collection',
    ])
    .where('products.is_active', '=', true)
    .where(collectionOnSale('collections'))
    .where('products.stripe_buy_button_id', 'is not', null)
    .where('products.stripe_buy_button_id', '<>', '')
    .orderBy('products.sort_order')
    .orderBy('products.name')
    .execute();
  return rows.map(({ stripe_buy_button_id, ...p }) => ({ ...p, buyButtonId: stripe_buy_button_id ?? '' }));
}
