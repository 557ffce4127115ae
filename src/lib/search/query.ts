/**
 * What a search asks, as it lives in the URL (docs/decisions/0018-search.md): /search?q=hood&color=Black&size=2XL&
 * max=40&stock=1&sort=price-asc. One parser for the search page, the JSON API and the header's
 * results; `searchParams` writes the canonical URL back, so a shared link opens the same search.
 */
export const SORTS = ['featured', 'price-asc', 'price-desc', 'newest'] as const;
export type SearchSort = (typeof SORTS)[number];

export const SORT_LABELS: Record<SearchSort, string> = {
  featured: 'Featured',
  'price-asc': 'Price, low to high',
  'price-desc': 'Price, high to low',
  newest: 'Newest',
};

export const FACETS = ['type', 'collection', 'color', 'size'] as const;
export type Facet = (typeof FACETS)[number];

export interface SearchQuery {
  q: string;
  type: string[];
  collection: string[];
  color: string[];
  size: string[];
  /** Whole cents; null = no bound. */
  minCents: number | null;
  maxCents: number | null;
  inStock: boolean;
  sort: SearchSort;
  /** 1-based. */
  page: number;
}

export const EMPTY_QUERY: SearchQuery = {
  q: '',
  type: [],
  collection: [],
  color: [],
  size: [],
  minCents: null,
  maxCents: null,
  inStock: false,
  sort: 'featured',
  page: 1,
};

export const MAX_QUERY_LENGTH = 100;
const MAX_VALUES = 30;
const MAX_VALUE_LENGTH = 80;
const MAX_PAGE = 500;

/** A refused search: the reason for each refused field, the parts that could be read, and the prices as typed. */
export interface RefusedQuery {
  ok: false;
  fields: Record<string, string>;
  /** The search without its refused parts (their defaults instead), so the page keeps the rest. */
  kept: SearchQuery;
  /** The price bounds as typed, to show them again at their fields. */
  typed: { min: string; max: string };
}

export type ParsedQuery = { ok: true; query: SearchQuery } | RefusedQuery;

/** Dollars as typed ("40", "39.99", "$40") → cents; undefined when it is not an amount. */
function dollars(raw: string): number | undefined {
  const text = raw.trim().replace(/^\$/, '');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(text)) return undefined;
  return Math.round(Number(text) * 100);
}

export function parseSearchParams(params: URLSearchParams): ParsedQuery {
  const fields: Record<string, string> = {};
  const q = (params.get('q') ?? '').replace(/\s+/g, ' ').trim();
  if (q.length > MAX_QUERY_LENGTH) fields['q'] = `Search for at most ${MAX_QUERY_LENGTH} characters.`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  else if (/[\u0000-\u001f\u007f]/.test(q)) fields['q'] = 'Search words cannot hold control characters.';
  const lists = {} as Record<Facet, string[]>;
  for (const facet of FACETS) {
    const values = [
      ...new Set(
        params
          .getAll(facet)
          .map((v) => v.trim())
          .filter(Boolean),
      ),
    ];
    if (values.length > MAX_VALUES || values.some((v) => v.length > MAX_VALUE_LENGTH)) {
      fields[facet] = `Choose at most ${MAX_VALUES} values of up to ${MAX_VALUE_LENGTH} characters.`;
    }
    lists[facet] = values;
  }
  const bound = (name: 'min' | 'max'): number | null => {
    const raw = params.get(name)?.trim() ?? '';
    if (raw === '') return null;
    const cents = dollars(raw);
    if (cents === undefined) {
      fields[name] = `Enter the ${name === 'min' ? 'lowest' : 'highest'} price in dollars, like 40 or 39.99.`;
      return null;
    }
    return cents;
  };
  const minCents = bound('min');
  const maxCents = bound('max');
  if (minCents !== null && maxCents !== null && minCents > maxCents) {
    fields['max'] = 'The highest price must be at least the lowest.';
  }
  const rawSort = params.get('sort') ?? '';
  const sort = rawSort === '' ? 'featured' : (SORTS as readonly string[]).includes(rawSort) ? rawSort : undefined;
  if (sort === undefined) fields['sort'] = `Choose a sort order from the list (${SORTS.join(', ')}).`;
  const rawPage = params.get('page') ?? '';
  const page = rawPage === '' ? 1 : /^\d{1,4}$/.test(rawPage) ? Number(rawPage) : 0;
  if (page < 1 || page > MAX_PAGE) fields['page'] = `Pages run from 1 to ${MAX_PAGE}.`;
  const stock = params.get('stock');
  const query: SearchQuery = {
    q,
    ...lists,
    minCents,
    maxCents,
    inStock: stock === '1' || stock === 'on' || stock === 'true',
    sort: (sort ?? 'featured') as SearchSort,
    page,
  };
  if (Object.keys(fields).length === 0) return { ok: true, query };
  const kept: SearchQuery = { ...query, page: 1 };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the words are shown again without them.
  if (fields['q']) kept.q = q.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, MAX_QUERY_LENGTH);
  for (const facet of FACETS) if (fields[facet]) kept[facet] = [];
  if (fields['max'] && !fields['min'] && minCents !== null && maxCents !== null) kept.maxCents = null;
  const typed = { min: (params.get('min') ?? '').slice(0, 20), max: (params.get('max') ?? '').slice(0, 20) };
  return { ok: false, fields, kept, typed };
}

/** Cents as a price is typed in the filters and the URL: 4000 → "40", 3999 → "39.99". */
export function centsText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** The canonical URL parameters of a query (defaults left out), in a fixed order. */
export function searchParams(query: SearchQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  for (const facet of FACETS) for (const value of query[facet]) params.append(facet, value);
  if (query.minCents !== null) params.set('min', centsText(query.minCents));
  if (query.maxCents !== null) params.set('max', centsText(query.maxCents));
  if (query.inStock) params.set('stock', '1');
  if (query.sort !== 'featured') params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

export function searchUrl(query: SearchQuery, path = '/search'): string {
  const text = searchParams(query).toString();
  return text ? `${path}?${text}` : path;
}

/** How many filters narrow the products (each ticked value, each price bound, in stock only). */
export function activeFilterCount(query: SearchQuery): number {
  return (
    FACETS.reduce((sum, f) => sum + query[f].length, 0) +
    (query.minCents !== null ? 1 : 0) +
    (query.maxCents !== null ? 1 : 0) +
    (query.inStock ? 1 : 0)
  );
}

/** True when the query narrows products beyond the words (then collections and services drop out). */
export function filtersProducts(query: SearchQuery): boolean {
  return FACETS.some((f) => query[f].length > 0) || query.minCents !== null || query.maxCents !== null || query.inStock;
}
