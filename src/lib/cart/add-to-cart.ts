import type { CartItem, ChosenLocation, LineLocation } from './cart-item.ts';
import { unitPriceCents } from '../pricing/tiers.ts';
import { locationInputs } from '../pricing/location-inputs.ts';
import { type ChosenArea, isListPriced, pricedProductOf } from '../pricing/product-job.ts';
import type { ProductDetail } from '../catalog/products.ts';

/**
 * Add to Cart rules of the product page (docs/decisions/spec-rules.md#s4 Product page, §5): stock
 * of a choice, quantities, the line made.
 */

type Stocked = Pick<ProductDetail, 'variants' | 'stock_qty'>;
export interface Selection {
  colorId: string | null;
  sizeId: string | null;
}

/**
 * Known stock of a (partial) selection: summed over the variants it matches; null when untracked
 * (a matching variant made to order, issue 44, makes the whole selection orderable).
 */
export function selectionStock(product: Stocked, { colorId, sizeId }: Selection): number | null {
  if (product.variants.length === 0) return product.stock_qty;
  const matching = product.variants.filter(
    (v) => (colorId === null || v.color_id === colorId) && (sizeId === null || v.size_id === sizeId),
  );
  if (matching.some((v) => v.stock_qty === null)) return null;
  return matching.reduce((sum, v) => sum + Math.max(0, v.stock_qty ?? 0), 0);
}

/** Out of stock for this selection: a known count of 0 (a variant that does not exist counts 0). */
const soldOut = (product: Stocked, selection: Selection) => {
  const stock = selectionStock(product, selection);
  return stock !== null && stock <= 0;
};

/** A colour is disabled when nothing is in stock for it with the chosen size (or any size, none chosen). */
export function isColorDisabled(product: Stocked, colorId: string, sizeId: string | null): boolean {
  return product.variants.length > 0 && soldOut(product, { colorId, sizeId });
}

/** Sizes work the same way as colours. */
export function isSizeDisabled(product: Stocked, sizeId: string, colorId: string | null): boolean {
  return product.variants.length > 0 && soldOut(product, { colorId, sizeId });
}

/**
 * The size chosen without asking: a single size ('fits all' in the spec) has no toggle to
 * pick it with, so it is selected from the start and again after every reset.
 */
export function autoSizeId(product: Pick<ProductDetail, 'sizes'>): string | null {
  return product.sizes.length === 1 ? product.sizes[0]!.id : null;
}

export const MAX_LINE_QUANTITY = 999;

/** At least 1 and, when stock is a positive number, at most the stock. */
export function clampQuantity(quantity: number, stock: number | null): number {
  const whole = Number.isFinite(quantity) ? Math.floor(quantity) : 1;
  const ceiling = stock !== null && stock > 0 ? Math.min(stock, MAX_LINE_QUANTITY) : MAX_LINE_QUANTITY;
  return Math.min(Math.max(1, whole), ceiling);
}

/** docs/decisions/spec-rules.md#s5: when Add to Cart and Buy Now are enabled. */
export function canAddToCart(
  product: Pick<ProductDetail, 'colors' | 'sizes' | 'variants' | 'stock_qty'> &
    Partial<Pick<ProductDetail, 'minimum_quantity'>>,
  selection: Selection & { quantity: number },
): boolean {
  if (product.colors.length > 0 && !selection.colorId) return false;
  if (product.sizes.length > 0 && !selection.sizeId && autoSizeId(product) === null) return false;
  if (selection.quantity < Math.max(1, product.minimum_quantity ?? 1)) return false;
  const stock = selectionStock(product, {
    colorId: selection.colorId,
    sizeId: selection.sizeId ?? autoSizeId(product),
  });
  return stock === null || (stock > 0 && selection.quantity <= stock);
}

/** The cart line for a product and a complete selection. */
export function cartLine(
  product: ProductDetail,
  selection: Selection & {
    quantity: number;
    locations?: readonly ChosenLocation[] | undefined;
    /** An area product's size, material and finishing (docs/decisions/0027-price-lists.md). */
    area?: ChosenArea | null | undefined;
  },
): CartItem {
  const listed = isListPriced(product);
  const locations = product.print_locations.flatMap((l): LineLocation[] => {
    const chosen = selection.locations?.find((c) => c.code === l.code);
    if (!chosen) return [];
    const { price_list: _, ...location } = l;
    return [
      {
        ...location,
        artworkId: chosen.artworkId,
        ...(chosen.artworkId ? { artworkName: chosen.artworkName ?? null } : {}),
        // A list's inputs, only where the list asks for them (the cart line's identity holds them).
        ...(listed ? locationInputs(chosen) : {}),
      },
    ];
  });
  const color = product.colors.find((c) => c.id === selection.colorId) ?? null;
  const size = product.sizes.find((s) => s.id === selection.sizeId) ?? null;
  return {
    productId: product.id,
    name: product.name,
    price_cents: unitPriceCents(product, selection.quantity),
    ...(product.price_tiers.length > 0 && !listed
      ? { pricing: { base_cents: product.price_cents, tiers: product.price_tiers } }
      : {}),
    ...(listed
      ? {
          list: {
            product: pricedProductOf(product),
            colorHex: color?.hex ?? null,
            ...(selection.area ? { area: selection.area } : {}),
          },
        }
      : {}),
    colorId: color?.id ?? null,
    colorName: color?.name ?? null,
    sizeId: size?.id ?? null,
    sizeName: size?.name ?? null,
    quantity: selection.quantity,
    // The line's picture: the chosen colour's own when it has one (docs/decisions/0028-owner-and-receipts.md).
    image_main_url: color?.image_url || product.image_main_url,
    ...(locations.length > 0 ? { locations } : {}),
    collection: product.collection.slug,
  };
}

/**
 * A one-click line for quick Add to Cart, or null when a person has to choose a colour or a
 * size first (more than one of either, or a width × height: a product priced by area) or
 * nothing is in stock.
 */
export function quickAddLine(product: ProductDetail): CartItem | null {
  if (product.colors.length > 1 || product.sizes.length > 1 || product.area_list) return null;
  const quantity = Math.max(1, product.minimum_quantity);
  const selection = { colorId: product.colors[0]?.id ?? null, sizeId: product.sizes[0]?.id ?? null, quantity };
  return canAddToCart(product, selection) ? cartLine(product, selection) : null;
}
