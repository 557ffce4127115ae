import { priceTable } from '../pricing/tiers.ts';
import { fromPrice } from '../pricing/from-price.ts';
import { type ProductDetail, productPath, splitDescription, totalStock } from '../catalog/products.ts';
import type { ServiceSummary } from '../catalog/services.ts';
import type { CollectionSummary } from '../catalog/catalog.ts';
import type { ShopDetails } from '../site/site.ts';

/**
 * One searchable thing of the shop, as the build writes it to the search index (docs/decisions/0018-search.md):
 * a product, a collection or a service. Everything a result shows and a filter needs is here,
 * so a search never reads the database.
 */
export interface SearchDocument {
  /** 'p:<uuid>', 'c:<slug>', 's:<slug>'. */
  id: string;
  kind: 'product' | 'collection' | 'service';
  name: string;
  /** The description's intro, trimmed: matched, and shown under the name. */
  text: string;
  sku: string;
  url: string;
  image: string | null;
  /** The collection's slug and name (products); '' otherwise. */
  collection: string;
  collectionName: string;
  /** The product type ('apparel', 'sign', …) or the service category; '' when none. */
  type: string;
  colors: string[];
  sizes: string[];
  /** The lowest price per piece (the top tier when tiers exist); null: no price (collections). */
  priceCents: number | null;
  /** True when tiers make the price a "from" price. */
  fromPrice: boolean;
  /**
   * A list-priced product (docs/decisions/0027-price-lists.md): priceCents is "each at" this many pieces (see
   * src/lib/pricing/from-price.ts); absent otherwise and in older files.
   */
  fromPieces?: number;
  inStock: boolean;
  /** In-stock colour × size pairs, `${colour}|${size}` ('' for a missing part): what "in stock" filters on. */
  stocked: string[];
  /** ISO time the product was added ('' for the rest): sorts "newest". */
  created: string;
  /** The shop's own order (collection, then product): "featured". */
  rank: number;
}

export interface SearchIndexFile {
  version: 1;
  builtAt: string;
  documents: SearchDocument[];
  /** The shop's order of sizes and colours, and the collections' names by slug, for the filters. */
  sizes: string[];
  colors: string[];
  collections: { slug: string; name: string }[];
  /**
   * The owner's synonym groups (docs/decisions/0028-owner-and-receipts.md), added to the defaults;
   * absent in older files.
   */
  synonyms?: string[][];
  /**
   * The build's shop details and header collections: the search page wears the site's layout as
   * the build's pages do, and answers while the database is down (absent in older files).
   */
  site?: { shop: ShopDetails; nav: CollectionSummary[] };
}

const TEXT_LIMIT = 240;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > TEXT_LIMIT ? `${flat.slice(0, TEXT_LIMIT - 1).trimEnd()}…` : flat;
}

export function productDocument(product: ProductDetail, rank: number, created: string): SearchDocument {
  const tiers = priceTable(product);
  const lowest = Math.min(product.price_cents, ...tiers.map((t) => t.unit_price_cents));
  const colorName = new Map(product.colors.map((c) => [c.id, c.name]));
  const sizeName = new Map(product.sizes.map((s) => [s.id, s.name]));
  const stocked = product.variants
    .filter((v) => v.stock_qty === null || v.stock_qty > 0)
    .map(
      (v) =>
        `${v.color_id ? (colorName.get(v.color_id) ?? '') : ''}|${v.size_id ? (sizeName.get(v.size_id) ?? '') : ''}`,
    );
  const stock = totalStock(product);
  const listed = fromPrice(product);
  return {
    id: `p:${product.id}`,
    kind: 'product',
    name: product.name,
    text: clip(splitDescription(product.description).intro),
    sku: product.sku ?? '',
    url: productPath(product.collection.slug, product.slug),
    image: product.image_main_url,
    collection: product.collection.slug,
    collectionName: product.collection.name,
    type: product.product_type ?? '',
    colors: product.colors.map((c) => c.name),
    sizes: product.sizes.map((s) => s.name),
    priceCents: listed ? listed.cents : lowest,
    fromPrice: listed ? true : lowest < product.price_cents,
    ...(listed ? { fromPieces: listed.pieces } : {}),
    inStock: stock === null || stock > 0,
    stocked: [...new Set(stocked)],
    created,
    rank,
  };
}

export function collectionDocument(
  collection: { slug: string; name: string; description: string | null; image_main_url: string | null },
  rank: number,
): SearchDocument {
  return {
    ...EMPTY_FACETS,
    id: `c:${collection.slug}`,
    kind: 'collection',
    name: collection.name,
    text: clip(collection.description ?? ''),
    url: `/collections/${collection.slug}`,
    image: collection.image_main_url,
    rank,
  };
}

export function serviceDocument(service: ServiceSummary, rank: number): SearchDocument {
  return {
    ...EMPTY_FACETS,
    id: `s:${service.slug}`,
    kind: 'service',
    name: service.name,
    text: clip(service.short_description ?? service.tagline ?? ''),
    url: `/services/${service.slug}`,
    image: service.image_main_url,
    type: service.category,
    rank,
  };
}

const EMPTY_FACETS = {
  sku: '',
  collection: '',
  collectionName: '',
  type: '',
  colors: [],
  sizes: [],
  priceCents: null,
  fromPrice: false,
  inStock: true,
  stocked: [],
  created: '',
} satisfies Partial<SearchDocument>;
