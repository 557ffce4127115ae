import { describe, expect, it } from 'vitest';
import {
  availabilityText,
  HERO_IMAGES,
  heroImageFor,
  isSlug,
  productPath,
  splitDescription,
  totalStock,
} from '../../src/lib/catalog/products.ts';

describe('splitDescription', () => {
  it('takes the first line as the intro and the other non-empty lines as highlights', () => {
    expect(splitDescription('A soft tee.\nRingspun cotton\n\n  Water-based inks  \n')).toEqual({
      intro: 'A soft tee.',
      highlights: ['Ringspun cotton', 'Water-based inks'],
    });
  });

  it('handles Windows line endings, a single line and an empty description', () => {
    expect(splitDescription('Intro\r\nOne\r\nTwo')).toEqual({ intro: 'Intro', highlights: ['One', 'Two'] });
    expect(splitDescription('Only an intro')).toEqual({ intro: 'Only an intro', highlights: [] });
    expect(splitDescription('')).toEqual({ intro: '', highlights: [] });
    expect(splitDescription(null)).toEqual({ intro: '', highlights: [] });
  });

  it('skips leading blank lines and drops bullet markers typed by hand', () => {
    expect(splitDescription('\n\nIntro\n- One\n* Two\n• Three\n-')).toEqual({
      intro: 'Intro',
      highlights: ['One', 'Two', 'Three', '-'],
    });
  });
});

describe('totalStock', () => {
  it('sums the variants when the product has any, ignoring its own count', () => {
    const variants = [
      { color_id: 'a', size_id: 's', stock_qty: 4 },
      { color_id: 'a', size_id: 'm', stock_qty: 0 },
      { color_id: 'b', size_id: null, stock_qty: 3 },
    ];
    expect(totalStock({ variants, stock_qty: 99 })).toBe(7);
  });

  it('is zero when every variant is sold out', () => {
    expect(totalStock({ variants: [{ color_id: 'a', size_id: null, stock_qty: 0 }], stock_qty: null })).toBe(0);
  });

  it('uses the product count without variants, and null when stock is not tracked', () => {
    expect(totalStock({ variants: [], stock_qty: 12 })).toBe(12);
    expect(totalStock({ variants: [], stock_qty: 0 })).toBe(0);
    expect(totalStock({ variants: [], stock_qty: null })).toBeNull();
  });
});

describe('availabilityText (docs/decisions/spec-rules.md#s5)', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    [Number.NaN, ''],
    [-2, 'Out of stock'],
    [0, 'Out of stock'],
    [1, 'Only 1 left'],
    [3, 'Only 3 left'],
    [4, 'In stock'],
    [120, 'In stock'],
    // The shelf count is the shop's business: a big one is never printed (issue 44).
    [7500, 'In stock'],
  ])('%s → %j', (stock, text) => {
    expect(availabilityText(stock)).toBe(text);
  });
});

describe('catalogue paths and hero images', () => {
  it('builds product page paths under their collection', () => {
    expect(productPath('city-champ-golf', 'city-champ-rope-cap')).toBe(
      '/collections/city-champ-golf/products/city-champ-rope-cap',
    );
  });

  it('accepts only database-style slugs', () => {
    expect(isSlug('city-champ-golf')).toBe(true);
    expect(isSlug('a1')).toBe(true);
    for (const bad of ['', 'City', '-a', 'a-', 'a--b', 'a b', "a'; drop", 'a/b', 'x'.repeat(201)]) {
      expect(isSlug(bad)).toBe(false);
    }
  });

  it('picks one of the seven hero images, the same one for the same slug on every build', () => {
    expect(HERO_IMAGES).toHaveLength(7);
    expect(HERO_IMAGES[0]).toBe('/images/hero/hero-1.webp');
    expect(heroImageFor('sticker-shop')).toBe(heroImageFor('sticker-shop'));
    const picks = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].map(heroImageFor));
    for (const pick of picks) expect(HERO_IMAGES).toContain(pick);
    expect(picks.size).toBeGreaterThan(1);
  });
});
