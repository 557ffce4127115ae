import { describe, expect, it } from 'vitest';
import type { SearchDocument } from '../../src/lib/search/documents.ts';
import { createSearchEngine, runSearch } from '../../src/lib/search/engine.ts';
import { EMPTY_QUERY } from '../../src/lib/search/query.ts';

/**
 * docs/decisions/0028-owner-and-receipts.md: a search that forgives swapped letters, joined or
 * split words and the trade's synonyms.
 */
let next = 0;
function product(name: string, type: string): SearchDocument {
  next += 1;
  return {
    id: `p:${next}`,
    kind: 'product',
    name,
    text: '',
    sku: '',
    url: `/collections/shop/products/${next}`,
    image: null,
    collection: 'catalogue',
    collectionName: 'Catalogue',
    type,
    colors: [],
    sizes: [],
    priceCents: 2000,
    fromPrice: false,
    inStock: true,
    stocked: [],
    created: '',
    rank: next,
  };
}

// Names as the seeded catalogue has them (supabase/seed.sql), with a joined one and a hyphenated one.
const docs = [
  product('Game Day Pullover Hoodie', 'apparel'),
  product('Big Sky Crewneck Sweatshirt', 'apparel'),
  product('Lubbock Skyline Tee', 'apparel'),
  product('City Champ Performance Polo', 'apparel'),
  product('Tumbleweed Trucker Cap', 'headwear'),
  product('Mesquite Cuffed Beanie', 'headwear'),
  product('Custom Coroplast Yard Sign', 'sign'),
  product('Heavy-Duty Vinyl Banner', 'sign'),
  product('Store Hours Window Decal', 'sticker'),
  product('Dancing Armadillo Sticker', 'sticker'),
  product('Diner Ceramic Mug', 'drinkware'),
  product('Heavy Canvas Tote Bag', 'bag'),
  product('Ranch Hand Embroidered Work Shirt', 'apparel'),
  product('Rally Towel', 'accessory'),
  product('Shop Towel', 'accessory'),
  product('Canvas Shop Apron', 'accessory'),
];
const engine = createSearchEngine(docs, {}, [['rag', 'towel']]);
const names = (q: string) => runSearch(engine, { ...EMPTY_QUERY, q }).results.map((d) => d.name);

describe('typos', () => {
  it('takes a swapped pair of letters as one typo: "hoodei" and "stikcer" find them', () => {
    expect(names('hoodei')).toEqual(['Game Day Pullover Hoodie']);
    expect(names('stikcer')[0]).toBe('Dancing Armadillo Sticker');
    expect(names('baner')).toEqual(['Heavy-Duty Vinyl Banner']);
  });

  it('forgives a swap in each of several words, all of which must match', () => {
    expect(names('canvsa').sort()).toEqual(['Canvas Shop Apron', 'Heavy Canvas Tote Bag']);
    expect(names('canvsa tote')).toEqual(['Heavy Canvas Tote Bag']);
    expect(names('gmae hoodei')).toEqual(['Game Day Pullover Hoodie']);
  });

  it('a swap spends the typo budget: "hood" read as "hodo" does not reach "holo" with a second edit', () => {
    const small = createSearchEngine([product('Holo Foil Sticker', 'sticker'), product('Hood Ornament', 'accessory')]);
    expect(runSearch(small, { ...EMPTY_QUERY, q: 'hood' }).results.map((d) => d.name)).toEqual(['Hood Ornament']);
  });
});

describe('compounds, both ways', () => {
  it('a joined word finds the name written apart: "yardsign", "heavyduty"', () => {
    expect(names('yardsign')[0]).toBe('Custom Coroplast Yard Sign');
    expect(names('heavyduty banner')).toEqual(['Heavy-Duty Vinyl Banner']);
  });

  it('words apart find the joined name: "sweat shirt", "crew neck"', () => {
    expect(names('sweat shirt')[0]).toBe('Big Sky Crewneck Sweatshirt');
    expect(names('crew neck')).toEqual(['Big Sky Crewneck Sweatshirt']);
  });
});

describe('synonyms of the trade', () => {
  it('"tshirt", "t-shirt" and "t shirt" find the tee', () => {
    for (const q of ['tshirt', 't-shirt', 't shirt']) expect(names(q)).toContain('Lubbock Skyline Tee');
  });

  it('garments, headwear, signs and stickers by their other names', () => {
    expect(names('hooded sweatshirt')).toContain('Game Day Pullover Hoodie');
    expect(names('hat')).toContain('Tumbleweed Trucker Cap');
    expect(names('hat')).not.toContain('Mesquite Cuffed Beanie');
    expect(names('lawn sign')).toEqual(['Custom Coroplast Yard Sign']);
    expect(names('golf shirt')[0]).toBe('City Champ Performance Polo');
    expect(names('cup')).toEqual(['Diner Ceramic Mug']);
    expect(names('tote')).toEqual(['Heavy Canvas Tote Bag']);
  });

  it("the owner's own synonyms work like the defaults", () => {
    expect(names('rag').sort()).toEqual(['Rally Towel', 'Shop Towel']);
  });

  it('the word as typed ranks above its synonyms: "decal" lists the decal, then the sticker', () => {
    expect(names('decal')).toEqual(['Store Hours Window Decal', 'Dancing Armadillo Sticker']);
    expect(names('shirt')[0]).toBe('Ranch Hand Embroidered Work Shirt');
  });
});
