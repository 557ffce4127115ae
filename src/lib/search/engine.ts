import MiniSearch from 'minisearch';
import type { SearchDocument } from './documents.ts';
import { type Facet, FACETS, filtersProducts, type SearchQuery } from './query.ts';
import { JOINED_FIELD, queryTree, queryWords, typoBudget, WORD_FIELDS } from './query-tree.ts';
import { DEFAULT_SYNONYMS, type SynonymTable, synonymTable } from './synonyms.ts';

/**
 * The shop's search (docs/decisions/0018-search.md): MiniSearch over the build's documents with prefix matching
 * ("hood" finds hoodies), typo tolerance (one edit from four letters, two from nine; a swapped
 * pair of letters counts as one), joined or split words and the trade's synonyms
 * (docs/decisions/0028-owner-and-receipts.md, ./query-tree.ts), then the filters and the sort.
 * Pure: the function that answers /search and the tests call it alike.
 */
export interface SearchEngine {
  index: MiniSearch<SearchDocument>;
  documents: ReadonlyMap<string, SearchDocument>;
  /** Every document in the shop's own order. */
  all: readonly SearchDocument[];
  /** The order each filter's values are offered in (sizes S→3XL, not A→Z); others A→Z. */
  order: FacetOrder;
  synonyms: SynonymTable;
}

export type FacetOrder = Partial<Record<Facet, readonly string[]>>;

export interface FacetOption {
  value: string;
  /** Products matching the words that have this value. */
  count: number;
}

export interface SearchAnswer {
  total: number;
  results: SearchDocument[];
  /** The values each filter can take among the products the words found. */
  facets: Record<Facet, FacetOption[]>;
}

// `joined`: the name's neighbouring words as one ("Yard Sign" → "yardsign"), so "yardsign" finds it.
const FIELDS = [...WORD_FIELDS, JOINED_FIELD];
const BOOST = { name: 5, joined: 1, sku: 3, type: 2, collectionName: 1.5, colors: 1.5, sizes: 1 };

/** Numbers are left out: "Tee 4711" → "tee4711" is no word anyone types, and thousands slow the index. */
function joinedPairs(name: string): string {
  const words = queryWords(name).filter((w) => !/^\d+$/.test(w));
  return words
    .slice(1)
    .map((word, i) => `${words[i]}${word}`)
    .join(' ');
}

/** `synonyms`: the owner's groups, added to the shop's defaults. */
export function createSearchEngine(
  documents: readonly SearchDocument[],
  order: FacetOrder = {},
  synonyms: readonly (readonly string[])[] = [],
): SearchEngine {
  const index = new MiniSearch<SearchDocument>({
    fields: FIELDS,
    storeFields: [],
    extractField: (doc, field) => {
      if (field === 'joined') return joinedPairs(doc.name);
      const value = doc[field as keyof SearchDocument];
      return Array.isArray(value) ? value.join(' ') : String(value ?? '');
    },
    searchOptions: { boost: BOOST, prefix: true, fuzzy: typoBudget },
  });
  index.addAll(documents as SearchDocument[]);
  const all = [...documents].sort((a, b) => a.rank - b.rank);
  const table = synonymTable([...DEFAULT_SYNONYMS, ...synonyms]);
  return { index, documents: new Map(documents.map((d) => [d.id, d])), all, order, synonyms: table };
}

/** Documents matching the words, best first, with their scores; every document for no words. */
function matchWords(engine: SearchEngine, words: string): { doc: SearchDocument; score: number }[] {
  if (!words) return engine.all.map((doc) => ({ doc, score: 0 }));
  let hits = engine.index.search(queryTree(words, engine.synonyms, 'AND'));
  // Every word must match; when that finds nothing, a result for some of the words beats none.
  if (hits.length === 0) hits = engine.index.search(queryTree(words, engine.synonyms, 'OR'));
  const wanted = words.toLowerCase();
  return hits.flatMap((hit) => {
    const doc = engine.documents.get(String(hit.id));
    if (!doc) return [];
    // The exact name first, then names that start with the words.
    const name = doc.name.toLowerCase();
    const boost = name === wanted ? 100 : name.startsWith(wanted) ? 2 : 1;
    return [{ doc, score: hit.score * boost }];
  });
}

function fitsVariant(doc: SearchDocument, query: SearchQuery): boolean {
  const { color, size } = query;
  if (color.length > 0 && !doc.colors.some((c) => color.includes(c))) return false;
  if (size.length > 0 && !doc.sizes.some((s) => size.includes(s))) return false;
  if (!query.inStock) return true;
  if (!doc.inStock) return false;
  if (doc.stocked.length === 0) return true;
  // In stock in a wanted colour and a wanted size together, not a black S and a white 2XL.
  return doc.stocked.some((pair) => {
    const [c = '', s = ''] = pair.split('|');
    return (color.length === 0 || color.includes(c)) && (size.length === 0 || size.includes(s));
  });
}

export function matchesFilters(doc: SearchDocument, query: SearchQuery): boolean {
  if (!filtersProducts(query)) return true;
  if (doc.kind !== 'product') return false;
  if (query.type.length > 0 && !query.type.includes(doc.type)) return false;
  if (query.collection.length > 0 && !query.collection.includes(doc.collection)) return false;
  const price = doc.priceCents ?? 0;
  if (query.minCents !== null && price < query.minCents) return false;
  if (query.maxCents !== null && price > query.maxCents) return false;
  return fitsVariant(doc, query);
}

type Scored = { doc: SearchDocument; score: number };

const byRank = (a: Scored, b: Scored) => a.doc.rank - b.doc.rank;
const COMPARE: Record<SearchQuery['sort'], (a: Scored, b: Scored) => number> = {
  featured: (a, b) => b.score - a.score || byRank(a, b),
  // Things without a price (collections, services) after those with one.
  'price-asc': (a, b) =>
    (a.doc.priceCents ?? Number.MAX_SAFE_INTEGER) - (b.doc.priceCents ?? Number.MAX_SAFE_INTEGER) || byRank(a, b),
  'price-desc': (a, b) => (b.doc.priceCents ?? -1) - (a.doc.priceCents ?? -1) || byRank(a, b),
  newest: (a, b) => b.doc.created.localeCompare(a.doc.created) || byRank(a, b),
};

/** The values each filter can take among these documents' products, with how many have each. */
export function facetOptions(documents: readonly SearchDocument[], order: FacetOrder): Record<Facet, FacetOption[]> {
  const counts = Object.fromEntries(FACETS.map((f) => [f, new Map<string, number>()])) as Record<
    Facet,
    Map<string, number>
  >;
  for (const doc of documents) {
    if (doc.kind !== 'product') continue;
    const values: Record<Facet, string[]> = {
      type: doc.type ? [doc.type] : [],
      collection: [doc.collection],
      color: doc.colors,
      size: doc.sizes,
    };
    for (const facet of FACETS) for (const v of values[facet]) counts[facet].set(v, (counts[facet].get(v) ?? 0) + 1);
  }
  const sorted = (facet: Facet) => {
    const known = order[facet] ?? [];
    const place = (v: string) => (known.includes(v) ? known.indexOf(v) : known.length);
    return [...counts[facet]]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => place(a.value) - place(b.value) || a.value.localeCompare(b.value));
  };
  return Object.fromEntries(FACETS.map((f) => [f, sorted(f)])) as Record<Facet, FacetOption[]>;
}

/** One page of results for the query (`perPage` of them), their total and the filters' options. */
export function runSearch(engine: SearchEngine, query: SearchQuery, perPage = 24): SearchAnswer {
  const matched = matchWords(engine, query.q);
  const kept = matched.filter(({ doc }) => matchesFilters(doc, query)).sort(COMPARE[query.sort]);
  const start = (query.page - 1) * perPage;
  return {
    total: kept.length,
    results: kept.slice(start, start + perPage).map(({ doc }) => doc),
    facets: facetOptions(
      matched.map((m) => m.doc),
      engine.order,
    ),
  };
}
