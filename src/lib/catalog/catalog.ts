/** Public catalogue shapes served by the API and used by pages and islands. */
export interface CollectionSummary {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  image_main_url: string | null;
  is_featured: boolean;
}

export interface ProductCard {
  id: string;
  name: string;
  slug: string;
  price_cents: number;
  image_main_url: string | null;
  collection: string;
  /**
   * A list-priced product's "from $X each at N pieces" (docs/decisions/0027-price-lists.md,
   * src/lib/pricing/from-price.ts): absent when it is priced by price_cents.
   */
  from_price?: { cents: number; pieces: number };
}

export interface CollectionDetail extends CollectionSummary {
  image_secondary_url: string | null;
  image_header_url: string | null;
  html_description: string | null;
  description_extended: string | null;
  start_date: string | null;
  end_date: string | null;
  products: ProductCard[];
}

/** Shown when no collection is featured or the featured list cannot be loaded (docs/decisions/spec-rules.md#s4). */
export const FALLBACK_FEATURED: CollectionSummary = {
  id: 'fallback-city-champ-golf',
  name: 'City Champ Golf',
  slug: 'city-champ-golf',
  description: 'It is tourney time! Get your City Champ gear today.',
  image_main_url: '/images/collections/city-champ-golf.webp',
  is_featured: true,
};

export function featuredOrFallback(collections: CollectionSummary[] | null): CollectionSummary[] {
  const featured = (collections ?? []).filter((c) => c.is_featured);
  return featured.length > 0 ? featured : [FALLBACK_FEATURED];
}
