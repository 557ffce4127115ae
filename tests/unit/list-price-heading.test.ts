import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ProductQuote } from '../../src/lib/pricing/product-quote.ts';
import { ListPrice } from '../../src/islands/product/ListPrice.tsx';

/**
 * The product page's price heading of a list-priced product (issue 44, item 12): before the
 * pricing code has loaded, and while colour, size or location are still to choose, it says the
 * catalogue's "from $X each at N pieces" at once, never "Working out your price…".
 */
const from = { cents: 1210, pieces: 48 };
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the list price heading', () => {
  it('shows the from-price while the pricing code loads', () => {
    const html = renderToStaticMarkup(createElement(ListPrice, { quote: null, pieces: 1, from }));
    expect(text(html)).toBe('from $12.10 each at 48 pieces');
    expect(html).not.toContain('Working out');
  });

  it('keeps the from-price above a location still to be chosen', () => {
    const quote = { ok: false, field: { kind: 'location', code: 'front' }, message: 'Choose ink colours' } as const;
    const html = renderToStaticMarkup(createElement(ListPrice, { quote, pieces: 12, from }));
    expect(text(html)).toBe('from $12.10 each at 48 pieces');
  });

  it('keeps the from-price beside an order-wide problem', () => {
    const quote = { ok: false, field: { kind: 'order' }, message: 'Choose a print location.' } as const;
    const html = renderToStaticMarkup(createElement(ListPrice, { quote, pieces: 12, from }));
    expect(text(html)).toBe('from $12.10 each at 48 pieces Choose a print location.');
  });

  it('shows the live price once the choices price', () => {
    const quote: ProductQuote = {
      ok: true,
      units: [{ size: 'M', cents: 1500 }],
      totalCents: 18000,
      breakdown: 'Garment $4.00',
      next: null,
      workings: '12 × $15.00 = $180.00',
    };
    const html = renderToStaticMarkup(createElement(ListPrice, { quote, pieces: 12, from }));
    expect(text(html)).toContain('$15.00 each at 12');
    expect(text(html)).toContain('12 × $15.00 = $180.00');
    expect(html).not.toContain('from $12.10');
  });

  it('says "1 piece", not "1 pieces"', () => {
    const quote: ProductQuote = {
      ok: true,
      units: [{ size: null, cents: 2500 }],
      totalCents: 2500,
      breakdown: 'Banner',
      next: null,
      workings: '1 × $25.00 = $25.00',
    };
    const html = renderToStaticMarkup(createElement(ListPrice, { quote, pieces: 1, from }));
    expect(text(html)).toContain('Total for 1 piece: $25.00');
    expect(html).not.toContain('1 pieces');
  });

  it('names the sizes at the lowest price and each dearer size’s own, never one "From $X"', () => {
    const quote: ProductQuote = {
      ok: true,
      units: [
        { size: 'M', cents: 1250 },
        { size: 'L', cents: 1250 },
        { size: '3XL', cents: 1550 },
        { size: '2XL', cents: 1450 },
      ],
      totalCents: 62_400,
      breakdown: 'Garment $11.50',
      next: null,
      workings: '…',
    };
    const html = renderToStaticMarkup(createElement(ListPrice, { quote, pieces: 48, from }));
    expect(text(html)).toContain('$12.50 each at 48 for M, L; 2XL $14.50, 3XL $15.50 each');
    expect(text(html)).not.toContain('From');
  });
});
