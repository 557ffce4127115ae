import { describe, expect, it } from 'vitest';
import type { SearchDocument } from '../../src/lib/search/documents.ts';
import { createSearchEngine, runSearch } from '../../src/lib/search/engine.ts';
import { EMPTY_QUERY, type SearchQuery } from '../../src/lib/search/query.ts';

let next = 0;
function product(name: string, extra: Partial<SearchDocument> = {}): SearchDocument {
  next += 1;
  return {
    id: `p:${next}`,
    kind: 'product',
    name,
    text: '',
    sku: '',
    url: `/collections/shop/products/${next}`,
    image: null,
    collection: 'shop',
    collectionName: 'Shop',
    type: 'apparel',
    colors: [],
    sizes: [],
    priceCents: 2000,
    fromPrice: false,
    inStock: true,
    stocked: [],
    created: `2026-11-${String(next).padStart(2, '0')}T00:00:00Z`,
    rank: next,
    ...extra,
  };
}

const docs = [
  product('Heavyweight Pullover Hoodie', {
    colors: ['Black', 'White'],
    sizes: ['S', 'M', '2XL'],
    priceCents: 3800,
    fromPrice: true,
    stocked: ['Black|S', 'White|2XL'],
  }),
  product('Zip Hoodie', { colors: ['Black'], sizes: ['M', '2XL'], priceCents: 4500, stocked: ['Black|2XL'] }),
  product('Hoodie', { colors: ['Navy'], sizes: ['L'], priceCents: 3000, stocked: ['Navy|L'] }),
  product('Hood Ornament Sticker', {
    type: 'sticker',
    collection: 'stickers',
    collectionName: 'Stickers',
    priceCents: 300,
  }),
  product('Classic Tee', {
    colors: ['Black'],
    sizes: ['2XL'],
    priceCents: 1600,
    sku: 'WTO-TEE-01',
    text: 'Soft ringspun cotton tee',
    inStock: false,
  }),
  product('Yard Sign', { type: 'sign', collection: 'signs', collectionName: 'Signs', priceCents: 2500 }),
  {
    ...product('Hoodie Season'),
    id: 'c:hoodie-season',
    kind: 'collection' as const,
    priceCents: null,
    type: '',
    collection: '',
  },
];
const engine = createSearchEngine(docs, { size: ['S', 'M', 'L', '2XL'] });
const search = (q: Partial<SearchQuery>) => runSearch(engine, { ...EMPTY_QUERY, ...q });
const names = (q: Partial<SearchQuery>) => search(q).results.map((d) => d.name);

describe('ranking', () => {
  it('puts the product named exactly as asked first', () => {
    expect(names({ q: 'hoodie' })[0]).toBe('Hoodie');
  });

  it('matches a word by its beginning: "hood" finds hoodies and the hood sticker', () => {
    expect(names({ q: 'hood' })).toEqual(
      expect.arrayContaining(['Hoodie', 'Zip Hoodie', 'Heavyweight Pullover Hoodie', 'Hood Ornament Sticker']),
    );
  });

  it('forgives a typo: "hoddie" and "hodie" find hoodies, "classik" finds the Classic Tee', () => {
    expect(names({ q: 'hoddie' })).toContain('Zip Hoodie');
    expect(names({ q: 'hodie' })).toContain('Hoodie');
    expect(names({ q: 'classik' })).toEqual(['Classic Tee']);
  });

  it('finds by SKU, colour, type, collection and description', () => {
    expect(names({ q: 'WTO-TEE-01' })[0]).toBe('Classic Tee');
    expect(names({ q: 'navy' })).toEqual(['Hoodie']);
    expect(names({ q: 'sign' })[0]).toBe('Yard Sign');
    expect(names({ q: 'stickers' })).toEqual(['Hood Ornament Sticker']);
    expect(names({ q: 'ringspun' })).toEqual(['Classic Tee']);
  });

  it('wants every word, and falls back to any word when no result has them all', () => {
    expect(names({ q: 'black hoodie' })).toEqual(expect.arrayContaining(['Zip Hoodie', 'Heavyweight Pullover Hoodie']));
    expect(names({ q: 'black hoodie' })).not.toContain('Classic Tee');
    expect(names({ q: 'yard spaceship' })).toEqual(['Yard Sign']);
  });

  it('answers nothing for words nothing has', () => {
    expect(search({ q: 'xylophone' })).toMatchObject({ total: 0, results: [] });
  });

  it('lists everything in shop order without words, collections included', () => {
    expect(search({}).total).toBe(docs.length);
    expect(names({})[0]).toBe('Heavyweight Pullover Hoodie');
  });
});

describe('filters and sorting', () => {
  it('a colour and a size with "in stock" keep products stocked in that pair, not in each apart', () => {
    // The pullover has black S and white 2XL in stock, not black 2XL.
    expect(names({ q: 'hood', color: ['Black'], size: ['2XL'], inStock: true })).toEqual(['Zip Hoodie']);
    expect(names({ q: 'hood', color: ['Black'], size: ['2XL'] }).sort()).toEqual([
      'Heavyweight Pullover Hoodie',
      'Zip Hoodie',
    ]);
  });

  it('in stock only drops sold-out products', () => {
    expect(names({ color: ['Black'], inStock: true })).not.toContain('Classic Tee');
    expect(names({ color: ['Black'] })).toContain('Classic Tee');
  });

  it('a price range bounds the lowest price per piece, both ends included', () => {
    expect(names({ q: 'hoodie', maxCents: 4000 }).sort()).toEqual(['Heavyweight Pullover Hoodie', 'Hoodie']);
    expect(names({ minCents: 3000, maxCents: 3800 }).sort()).toEqual(['Heavyweight Pullover Hoodie', 'Hoodie']);
  });

  it('type and collection filters keep products only (collections and services drop out)', () => {
    expect(names({ type: ['sign', 'sticker'] }).sort()).toEqual(['Hood Ornament Sticker', 'Yard Sign']);
    expect(names({ collection: ['signs'] })).toEqual(['Yard Sign']);
    expect(names({ q: 'hoodie', type: ['apparel'] })).not.toContain('Hoodie Season');
  });

  it('sorts by price both ways and by newest, keeping the filters', () => {
    expect(names({ q: 'hoodie', type: ['apparel'], sort: 'price-asc' })).toEqual([
      'Hoodie',
      'Heavyweight Pullover Hoodie',
      'Zip Hoodie',
    ]);
    expect(names({ q: 'hoodie', type: ['apparel'], sort: 'price-desc' })).toEqual([
      'Zip Hoodie',
      'Heavyweight Pullover Hoodie',
      'Hoodie',
    ]);
    expect(names({ type: ['sign', 'sticker'], sort: 'newest' })).toEqual(['Yard Sign', 'Hood Ornament Sticker']);
  });

  it('things without a price sort after priced ones, whichever way', () => {
    expect(names({ q: 'hoodie', sort: 'price-asc' }).at(-1)).toBe('Hoodie Season');
    expect(names({ q: 'hoodie', sort: 'price-desc' }).at(-1)).toBe('Hoodie Season');
  });

  it('pages through the results', () => {
    const first = runSearch(engine, { ...EMPTY_QUERY }, 3);
    const second = runSearch(engine, { ...EMPTY_QUERY, page: 2 }, 3);
    expect(first.results).toHaveLength(3);
    expect(second.results[0]?.name).toBe(docs[3]?.name);
    expect(runSearch(engine, { ...EMPTY_QUERY, page: 9 }, 3)).toMatchObject({ total: docs.length, results: [] });
  });

  it("offers each filter's values among what the words found, sizes in the shop's order", () => {
    const { facets } = search({ q: 'hoodie' });
    expect(facets.size).toEqual([
      { value: 'S', count: 1 },
      { value: 'M', count: 2 },
      { value: 'L', count: 1 },
      { value: '2XL', count: 2 },
    ]);
    expect(facets.color.map((o) => o.value)).toEqual(['Black', 'Navy', 'White']);
    expect(facets.type).toEqual([{ value: 'apparel', count: 3 }]);
  });
});
