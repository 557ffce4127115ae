import type { Kysely } from 'kysely';
import {
  collectionDocument,
  productDocument,
  type SearchIndexFile,
  serviceDocument,
} from '../../lib/search/documents.ts';
import { listCollections } from '../catalog/collections.ts';
import { listProductDetails } from '../catalog/products.ts';
import { listServices } from '../catalog/services.ts';
import type { Database } from '../db/types.ts';
import { readShopDetails } from '../settings/shop-settings.ts';

/**
 * Everything the search finds, read once per build from the database (docs/decisions/0018-search.md): the
 * public products with their colours, sizes, stock and tiers, the collections on sale and the
 * services, the owner's search synonyms, and the shop's details and header collections the search
 * page's layout shows. The build writes it to /search-index.json; the
 * catalogue's filter forms read the same rows, so a filter never offers what the search does
 * not know.
 */
export async function loadSearchIndex(db: Kysely<Database>): Promise<SearchIndexFile> {
  const [products, collections, services, added, sizes, colors, synonyms, shop] = await Promise.all([
    listProductDetails(db),
    listCollections(db),
    listServices(db),
    db.selectFrom('products').select(['id', 'created_at']).where('is_active', '=', true).execute(),
    db.selectFrom('sizes').select('name').where('is_active', '=', true).orderBy('sort_order').orderBy('name').execute(),
    db.selectFrom('colors').select('name').where('is_active', '=', true).orderBy('name').execute(),
    db.selectFrom('search_synonyms').select('phrases').orderBy('created_at').execute(),
    readShopDetails(db),
  ]);
  const createdOf = new Map(added.map((p) => [p.id, new Date(p.created_at).toISOString()]));
  return {
    version: 1,
    builtAt: new Date().toISOString(),
    documents: [
      ...products.map((p, i) => productDocument(p, i, createdOf.get(p.id) ?? '')),
      ...collections.map((c, i) => collectionDocument(c, products.length + i)),
      ...services.map((s, i) => serviceDocument(s, products.length + collections.length + i)),
    ],
    sizes: sizes.map((s) => s.name),
    colors: colors.map((c) => c.name),
    collections: collections.map(({ slug, name }) => ({ slug, name })),
    synonyms: synonyms.map((s) => s.phrases),
    site: { shop, nav: collections },
  };
}

let forBuild: Promise<SearchIndexFile> | undefined;

/** Loaded once per build and shared by the index file and the catalogue pages' filters. */
export async function searchIndexForBuild(db: () => Promise<Kysely<Database>>): Promise<SearchIndexFile> {
  forBuild ??= db().then(loadSearchIndex);
  return forBuild;
}
