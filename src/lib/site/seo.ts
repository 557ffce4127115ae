import { centsToDecimal } from '../money.ts';
import { BUILT_IN_LOGO, type ShopDetails } from './site.ts';

/** schema.org JSON-LD builders; pages pass the result to BaseLayout's `jsonLd` prop. */
export type JsonLd = Record<string, unknown>;

/** The shop as search engines read it, from what Shop settings holds (issue 44). */
export function organizationJsonLd(site: URL, shop: ShopDetails): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': new URL('/#business', site).href,
    name: shop.name,
    slogan: shop.tagline,
    url: site.href,
    logo: new URL(shop.logoUrl ?? BUILT_IN_LOGO, site).href,
    image: new URL('/images/og-default.webp', site).href,
    email: shop.email,
    telephone: shop.phone,
    address: { '@type': 'PostalAddress', ...shop.address },
    // The owner types the hours in words ("Mon-Fri 9am-5pm"), not schema.org's "Mo-Fr 09:00-17:00".
    description: `${shop.tagline} Open ${shop.hours}.`,
    sameAs: shop.social.map((s) => s.url),
  };
}

export function breadcrumbJsonLd(site: URL, trail: { name: string; path: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: new URL(item.path, site).href,
    })),
  };
}

export interface ProductJsonLdInput {
  name: string;
  description: string;
  path: string;
  image: string | null;
  sku: string | null;
  priceCents: number;
  /**
   * A product priced by the owner's lists (docs/decisions/0027-price-lists.md) has no one price:
   * its lowest price per piece (the card's "from"), offered as an AggregateOffer's lowPrice instead of `priceCents`.
   */
  lowPriceCents?: number | null;
  /** Total known stock; null when stock is not tracked. */
  stock: number | null;
  /** The shop's name, the product's brand. */
  brand: string;
}

export function productJsonLd(site: URL, p: ProductJsonLdInput): JsonLd {
  const url = new URL(p.path, site).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description: p.description,
    ...(p.image ? { image: new URL(p.image, site).href } : {}),
    ...(p.sku ? { sku: p.sku } : {}),
    brand: { '@type': 'Brand', name: p.brand },
    offers: {
      ...(p.lowPriceCents != null
        ? { '@type': 'AggregateOffer', lowPrice: centsToDecimal(p.lowPriceCents) }
        : { '@type': 'Offer', price: centsToDecimal(p.priceCents) }),
      url,
      priceCurrency: 'USD',
      availability: p.stock === null || p.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      seller: { '@id': new URL('/#business', site).href },
    },
  };
}

/** Serialises JSON-LD for a <script> block: `<` is escaped so no text can close the tag. */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
