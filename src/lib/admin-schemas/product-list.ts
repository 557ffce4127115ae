import { SLUG_PATTERN } from '../catalog/products.ts';
import { z } from '../zod.ts';
import { optionalQuery, queryInt } from './fields.ts';

/** Whether customers see a product (its Active switch): shown in the shop, or hidden from it. */
export const PRODUCT_VISIBILITIES = ['visible', 'hidden'] as const;
export type ProductVisibility = (typeof PRODUCT_VISIBILITIES)[number];

/**
 * GET /api/admin/product-list: the admin's Products list, filtered and paged by the server.
 * `search` finds words in the name, slug or SKU; `collection` is a collection's slug.
 */
export const productListQuerySchema = z.object({
  limit: queryInt(1, 100, 25),
  offset: queryInt(0, 1_000_000, 0),
  search: optionalQuery(z.string().trim().max(200, 'Use at most 200 characters.')),
  collection: optionalQuery(z.string().regex(SLUG_PATTERN, 'Choose a collection from the list.')),
  visibility: optionalQuery(z.enum(PRODUCT_VISIBILITIES, 'Choose visible or hidden.')),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** One row of the Products list: what the owner scans, not the whole product. */
export interface AdminProductRow {
  id: string;
  name: string;
  slug: string;
  sku: string | null;
  /** The collection's slug and name. */
  collection: string;
  collection_name: string;
  price_cents: number;
  image_main_url: string | null;
  is_active: boolean;
  /** Pieces in stock over every colour and size; null when stock is not tracked (made to order). */
  stock: number | null;
  /** Stock is kept per colour and size (`stock` is their sum). */
  has_variants: boolean;
  /** Some colour and size (or the product itself) is at or under its low-stock alert. */
  low_stock: boolean;
}

export interface AdminProductPage {
  rows: AdminProductRow[];
  total: number;
}
