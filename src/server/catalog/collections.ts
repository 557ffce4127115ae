import { type Kysely, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { CollectionDetail, CollectionSummary, ProductCard } from '../../lib/catalog/catalog.ts';
import type { CatalogSection } from '../../lib/catalog/products.ts';
import type { Database } from '../db/types.ts';
import { withFromPrices } from './card-price.ts';
import { collectionOnSale } from './collection-window.ts';
import { publishedHtml } from './rich-text.ts';

const SUMMARY_COLUMNS = ['id', 'name', 'slug', 'description', 'image_main_url', 'is_featured'] as const;

/** Collections on sale (active, within their dates) in shop order (the first three are the header's "Popular Collections"). */
export async function listCollections(db: Kysely<Database>): Promise<CollectionSummary[]> {
  return db
    .selectFrom('collections')
    .select(SUMMARY_COLUMNS)
    .where(collectionOnSale('collections'))
    .orderBy('sort_order')
    .orderBy('name')
    .execute();
}

function isoDate(value: Date | string | null): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

/** One collection on sale with its active products (one statement), or null when there is none by that slug. */
export async function getCollection(db: Kysely<Database>, slug: string): Promise<CollectionDetail | null> {
  const row = await db
    .selectFrom('collections')
    .select([
      ...SUMMARY_COLUMNS,
      'image_secondary_url',
      'image_header_url',
      'html_description',
      'description_extended',
      'start_date',
      'end_date',
      jsonArrayFrom(
        db
          .selectFrom('products')
          .select(['id', 'name', 'slug', 'price_cents', 'image_main_url'])
          .where('collection_id', '=', sql.ref<string>('collections.id'))
          .where('is_active', '=', true)
          .orderBy('sort_order')
          .orderBy('name'),
      ).as('products'),
    ])
    .where('slug', '=', slug)
    .where(collectionOnSale('collections'))
    .executeTakeFirst();
  if (!row) return null;
  const products: ProductCard[] = await withFromPrices(
    db,
    row.products.map((p) => ({ ...p, collection: row.slug })),
  );
  return {
    ...row,
    html_description: publishedHtml(row.html_description),
    start_date: isoDate(row.start_date),
    end_date: isoDate(row.end_date),
    products,
  };
}

/** Every collection on sale in shop order, each with its active products in shop order (GET /api/catalog). */
export async function listCatalog(db: Kysely<Database>): Promise<CatalogSection[]> {
  const [collections, products] = await Promise.all([
    listCollections(db),
    db
      .selectFrom('products as p')
      .innerJoin('collections as c', 'c.id', 'p.collection_id')
      .select(['p.id', 'p.name', 'p.slug', 'p.price_cents', 'p.image_main_url', 'c.slug as collection'])
      .where('p.is_active', '=', true)
      .where(collectionOnSale('c'))
      .orderBy('p.sort_order')
      .orderBy('p.name')
      .execute(),
  ]);
  const cards = await withFromPrices(db, products);
  return collections.map(({ slug, name, description, image_main_url }) => ({
    collection: { slug, name, description, image_main_url },
    products: cards.filter((p) => p.collection === slug),
  }));
}
