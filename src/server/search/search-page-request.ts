import type { CollectionSummary } from '../../lib/catalog/catalog.ts';
import { runSearch, type SearchAnswer } from '../../lib/search/engine.ts';
import type { FilterFormInput } from '../../lib/search/filter-form.ts';
import { parseSearchParams, type SearchQuery, searchUrl } from '../../lib/search/query.ts';
import { RESULTS_PER_PAGE } from '../../lib/search/result-facts.ts';
import { DEFAULT_SHOP_DETAILS, type ShopDetails } from '../../lib/site/site.ts';
import { Unavailable } from '../errors.ts';
import { headersOf, statusOf } from '../http.ts';
import { searchFiles } from './search-files.ts';

/** The build's shop details and header collections the page's layout shows (never the database). */
export interface SearchSite {
  shop: ShopDetails;
  collections: CollectionSummary[];
}

/**
 * What the search page (src/pages/search.astro, docs/decisions/0018-search.md) shows for one
 * request, from the build's index alone, so it answers while the database is down: the results
 * of the address's query; the page again with each refused field's reason and everything else
 * kept (400); a redirect to the search's one address; or "not ready" before the first build.
 */
export type SearchPageOutcome =
  | { kind: 'redirect'; location: string }
  | { kind: 'not-built'; status: number; headers: Record<string, string>; message: string; site: SearchSite }
  | {
      kind: 'search';
      status: number;
      site: SearchSite;
      query: SearchQuery;
      /** null when the query was refused: the form shows why. */
      answer: SearchAnswer | null;
      filters: FilterFormInput;
    };

export async function searchPageRequest(request: Request): Promise<SearchPageOutcome> {
  let files: Awaited<ReturnType<typeof searchFiles>>;
  try {
    files = await searchFiles();
  } catch (error) {
    if (!(error instanceof Unavailable)) throw error;
    const site = { shop: DEFAULT_SHOP_DETAILS, collections: [] };
    return { kind: 'not-built', status: statusOf(error), headers: headersOf(error), message: error.message, site };
  }
  const { index } = files;
  const site = { shop: index.site?.shop ?? DEFAULT_SHOP_DETAILS, collections: index.site?.nav ?? [] };
  const collectionNames = new Map(index.collections.map((c) => [c.slug, c.name]));
  const url = new URL(request.url);
  const parsed = parseSearchParams(url.searchParams);
  if (!parsed.ok) {
    // The filters offered are those of the search without its refused parts.
    const { facets } = runSearch(files.engine, parsed.kept, RESULTS_PER_PAGE);
    const filters = { query: parsed.kept, facets, collectionNames, id: 'search-filters' };
    return {
      kind: 'search',
      status: 400,
      site,
      query: parsed.kept,
      answer: null,
      filters: { ...filters, errors: parsed.fields, typed: parsed.typed },
    };
  }
  // One address per search: a form's empty fields and its own order become the canonical URL.
  const canonical = searchUrl(parsed.query);
  if (searchUrl(parsed.query, '') !== url.search) return { kind: 'redirect', location: canonical };
  const answer = runSearch(files.engine, parsed.query, RESULTS_PER_PAGE);
  const filters = { query: parsed.query, facets: answer.facets, collectionNames, id: 'search-filters' };
  return { kind: 'search', status: 200, site, query: parsed.query, answer, filters };
}
