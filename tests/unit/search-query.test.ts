import { describe, expect, it } from 'vitest';
import { EMPTY_QUERY, parseSearchParams, searchUrl } from '../../src/lib/search/query.ts';

const parse = (text: string) => parseSearchParams(new URLSearchParams(text));

describe('the search in the address', () => {
  it('reads words, filters, price range, stock, sort and page', () => {
    expect(
      parse('q=%20black%20%20hoodie%20&color=Black&size=2XL&size=XL&min=10&max=39.5&stock=1&sort=price-asc&page=2'),
    ).toEqual({
      ok: true,
      query: {
        ...EMPTY_QUERY,
        q: 'black hoodie',
        color: ['Black'],
        size: ['2XL', 'XL'],
        minCents: 1000,
        maxCents: 3950,
        inStock: true,
        sort: 'price-asc',
        page: 2,
      },
    });
  });

  it('writes the same search back as one canonical address, defaults left out', () => {
    const parsed = parse('sort=featured&page=1&stock=on&max=%2440&q=hood&size=M&color=Black');
    expect(parsed.ok && searchUrl(parsed.query)).toBe('/search?q=hood&color=Black&size=M&max=40&stock=1');
    expect(searchUrl(EMPTY_QUERY)).toBe('/search');
  });

  it('round-trips: reading a written address gives the query back', () => {
    const query = {
      ...EMPTY_QUERY,
      q: 'mug & tumbler',
      type: ['drinkware'],
      collection: ['everyday'],
      minCents: 1999,
      page: 3,
    };
    const again = parse(searchUrl(query).split('?')[1] ?? '');
    expect(again).toEqual({ ok: true, query });
  });

  it('names each field it cannot read', () => {
    const parsed = parse(`q=${'a'.repeat(101)}&min=ten&max=5&sort=cheap&page=0&color=${'x'.repeat(81)}`);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && Object.keys(parsed.fields).sort()).toEqual(['color', 'min', 'page', 'q', 'sort']);
    const range = parse('min=50&max=40');
    expect(!range.ok && range.fields).toEqual({ max: 'The highest price must be at least the lowest.' });
  });

  it('keeps what it could read of a refused search, and the prices as typed', () => {
    const parsed = parse('q=hoodie&color=Black&size=L&min=ten&max=60&sort=cheap&stock=1&page=0');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.kept).toEqual({
      ...EMPTY_QUERY,
      q: 'hoodie',
      color: ['Black'],
      size: ['L'],
      maxCents: 6000,
      inStock: true,
    });
    expect(parsed.typed).toEqual({ min: 'ten', max: '60' });
    // Lowest above highest: the lowest stays, the highest is shown as typed at its reason.
    const range = parse('min=50&max=40');
    expect(!range.ok && [range.kept.minCents, range.kept.maxCents, range.typed.max]).toEqual([5000, null, '40']);
    const words = parse(`q=${'a'.repeat(120)}`);
    expect(!words.ok && words.kept.q).toHaveLength(100);
  });
});
