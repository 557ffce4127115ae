import { atom } from 'nanostores';
import type { ProductDetail } from '../lib/catalog/products.ts';

/**
 * The live product whose stock the product page's server-rendered options already show (set by
 * src/deferred-loading/product-options-preview.ts before the island hydrates), or null. The island
 * hydrates with that stock, so it renders exactly what the page shows.
 */
export const $previewedProduct = atom<ProductDetail | null>(null);

/**
 * The colour chosen on the product page (null: none). The island sets it, and before the island
 * hydrates the preview script does from the native radios; the page's main picture follows it
 * (src/deferred-loading/colour-picture.ts).
 */
export const $chosenColorId = atom<string | null>(null);

const loads = new Map<string, Promise<ProductDetail | null>>();

/**
 * GET /api/products/slug/{slug}: the product with its stock as of now (a page shows the stock of
 * its build). One request per page, shared by the preview script and the island; null when it
 * failed, which is logged only (docs/decisions/spec-rules.md#s8).
 */
export function loadLiveProduct(slug: string): Promise<ProductDetail | null> {
  let load = loads.get(slug);
  if (!load) {
    load = import('../lib/browser/http.ts')
      .then(({ api }) => api.get<ProductDetail>(`products/slug/${encodeURIComponent(slug)}`))
      .catch((error: unknown) => {
        console.error('[product] live stock not loaded:', error);
        return null;
      });
    loads.set(slug, load);
  }
  return load;
}
