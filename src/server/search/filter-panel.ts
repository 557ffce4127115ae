import { facetOptions } from '../../lib/search/engine.ts';
import type { FilterFormInput } from '../../lib/search/filter-form.ts';
import { EMPTY_QUERY } from '../../lib/search/query.ts';
import { db } from '../db/index.ts';
import { searchIndexForBuild } from './documents.ts';

/**
 * The catalogue's or one collection's "Filter and sort" form (docs/decisions/0018-search.md), built at build time
 * from the same rows as the search index: null when there are fewer than two products to sort.
 */
export async function filterFormForBuild(collection?: string): Promise<FilterFormInput | null> {
  const index = await searchIndexForBuild(db);
  const products = index.documents.filter((d) => d.kind === 'product' && (!collection || d.collection === collection));
  if (products.length < 2) return null;
  return {
    query: EMPTY_QUERY,
    facets: facetOptions(products, { size: index.sizes }),
    collectionNames: new Map(index.collections.map((c) => [c.slug, c.name])),
    ...(collection ? { fixed: { collection } } : {}),
    id: collection ? 'collection-filters' : 'catalog-filters',
  };
}
