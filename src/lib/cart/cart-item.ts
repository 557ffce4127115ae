import type { PrintLocation } from '../pricing/print-locations.ts';
import type { ChosenArea, PricedProduct } from '../pricing/product-job.ts';
import type { PriceTier } from '../pricing/tiers.ts';

/** One cart line as kept in browser storage under the key 'cart' (docs/decisions/spec-rules.md#s3 Cart item). */
export interface CartItem {
  productId: string;
  name: string;
  price_cents: number;
  colorId: string | null;
  colorName: string | null;
  sizeId: string | null;
  sizeName: string | null;
  quantity: number;
  /**
   * The line's picture: the chosen colour's own (docs/decisions/0028-owner-and-receipts.md), else
   * the product's main image.
   */
  image_main_url: string | null;
  /** Collection slug, for "Continue Shopping" and the product link. */
  collection: string;
  /**
   * The product's quantity pricing as of the add (base price and tiers), so a quantity changed in
   * the cart is re-priced at once the way checkout will charge it (repriceLines). Absent on lines
   * stored before tiers existed: those keep their price until the next refresh.
   */
  pricing?: { base_cents: number; tiers: PriceTier[] };
  /**
   * Print locations chosen (docs/decisions/0015-print-ordering.md), with their prices as of the add
   * and the artwork (null: later).
   */
  locations?: LineLocation[];
  /**
   * A product priced by the owner's lists (docs/decisions/0027-price-lists.md): its pricing data as of the add (lists
   * included), the garment colour's hex and an area product's size, so the cart prices a changed
   * quantity with the engine as checkout will (repriceLines).
   */
  list?: ListPricing;
}

/** What a list-priced line keeps to be priced again: the product's lists and the line's choices. */
export interface ListPricing {
  product: PricedProduct;
  colorHex: string | null;
  area?: ChosenArea | null;
}

/**
 * The pricing inputs a location may take (docs/decisions/0027-price-lists.md): ink colours,
 * stitches, a print size's code.
 */
export interface LocationInputs {
  colors?: number;
  stitches?: number;
  printSize?: string;
}

/** A print location on a cart line: its prices as of the add and the artwork (null: sent later). */
export interface LineLocation extends PrintLocation, LocationInputs {
  artworkId: string | null;
  /** How wide it prints, in inches, as of the add (absent on lines stored before it; null: not set). */
  print_width_in?: number | null;
  /** The uploaded file's name, for the cart to show (display only). */
  artworkName?: string | null;
}

/** What a person chose for a location on the product page: its code and the checked upload, if any. */
export interface ChosenLocation extends LocationInputs {
  code: string;
  artworkId: string | null;
  artworkName?: string | null;
}
