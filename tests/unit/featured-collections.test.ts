import { describe, expect, it } from 'vitest';
import { type CollectionSummary, FALLBACK_FEATURED, featuredOrFallback } from '../../src/lib/catalog/catalog.ts';

const collection = (slug: string, is_featured: boolean): CollectionSummary => ({
  id: slug,
  name: slug,
  slug,
  description: null,
  image_main_url: null,
  is_featured,
});

describe('featured collections on the home page', () => {
  it('keeps only featured collections, in order', () => {
    const list = [collection('a', true), collection('b', false), collection('c', true)];
    expect(featuredOrFallback(list).map((c) => c.slug)).toEqual(['a', 'c']);
  });

  it('shows the City Champ Golf fallback when none is featured or the load failed', () => {
    expect(featuredOrFallback([collection('b', false)])).toEqual([FALLBACK_FEATURED]);
    expect(featuredOrFallback([])).toEqual([FALLBACK_FEATURED]);
    expect(featuredOrFallback(null)).toEqual([FALLBACK_FEATURED]);
    expect(FALLBACK_FEATURED).toMatchObject({
      slug: 'city-champ-golf',
      name: 'City Champ Golf',
      description: 'It is tourney time! Get your City Champ gear today.',
    });
  });
});
