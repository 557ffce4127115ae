import type { AdminProduct } from '../../lib/admin-schemas/products.ts';
import type { DecorationList, PriceList } from '../../lib/pricing/lists.ts';
import type { QuotePricedProduct } from '../../lib/quotes/quote-list-pricing.ts';

/**
 * The quote editor's products as pricing reads them (docs/decisions/0027-price-lists.md): an admin product with the
 * owner's lists it links, loaded by id (GET /api/admin/price-lists/{id}), so the editor's
 * preview prices by the same module as the server does.
 */

/** The lists a product links (its locations', garment, area, turnaround). */
export function listIdsOf(product: AdminProduct): string[] {
  return [
    ...product.print_locations.map((l) => l.price_list_id),
    product.garment_list_id,
    product.area_list_id,
    product.turnaround_list_id,
  ].filter((id): id is string => Boolean(id));
}

/** The product with its lists; null while one of them is not loaded yet. */
export function quoteProductOf(
  product: AdminProduct,
  lists: ReadonlyMap<string, PriceList>,
): QuotePricedProduct | null {
  if (listIdsOf(product).some((id) => !lists.has(id))) return null;
  const list = <T extends PriceList>(id: string | null) => (id ? (lists.get(id) as T) : null);
  return {
    id: product.id,
    name: product.name,
    price_cents: product.price_cents,
    price_tiers: product.price_tiers,
    print_locations: product.print_locations.map((l) => ({
      code: l.code,
      name: l.name,
      price_cents_per_piece: l.price_cents_per_piece,
      setup_fee_cents: l.setup_fee_cents,
      print_width_in: l.print_width_in,
      price_list: list<PriceList<DecorationList>>(l.price_list_id),
    })),
    garment_list: list(product.garment_list_id),
    area_list: list(product.area_list_id),
    turnaround_list: list(product.turnaround_list_id),
    area_bounds: product.area_list_id
      ? {
          min_width_in: product.area_min_width_in,
          max_width_in: product.area_max_width_in,
          min_height_in: product.area_min_height_in,
          max_height_in: product.area_max_height_in,
          presets: product.area_presets,
        }
      : null,
  };
}
