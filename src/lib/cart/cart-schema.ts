import { chosenAreaSchema, chosenLocationSchema } from './checkout-schema.ts';
import type { PricedProduct } from '../pricing/product-job.ts';
import { z } from '../zod.ts';

/** One cart line as the browser keeps it; prices in it are display-only and never charged. */
export const cartLineSchema = z.strictObject({
  productId: z.uuid(),
  colorId: z.uuid().nullable().default(null),
  sizeId: z.uuid().nullable().default(null),
  quantity: z.int().min(1).max(999),
});

/** POST /api/cart: create the server's copy of a cart, or refresh it when cartId is known. */
export const cartSyncSchema = z.strictObject({
  cartId: z.uuid().nullable().optional(),
  items: z.array(cartLineSchema).max(100).default([]),
  discountCode: z.string().trim().max(64).nullable().optional(),
});

export type CartLine = z.infer<typeof cartLineSchema>;
export type CartSync = z.infer<typeof cartSyncSchema>;

/** A cart line named by what makes it a line (docs/decisions/spec-rules.md#s4): product, colour and size. */
export const cartLineRefSchema = z.strictObject({
  productId: z.uuid(),
  colorId: z.uuid().nullable().default(null),
  sizeId: z.uuid().nullable().default(null),
});

/**
 * POST /api/cart/refresh: a stored cart's lines, re-read in one call when the cart page or drawer
 * opens. The quantities price each line at its tier (sizes of one colour together) and check
 * minimums; the answer says what each line may have.
 */
export const cartRefreshSchema = z.strictObject({
  items: z
    .array(
      cartLineRefSchema.extend({
        quantity: z.int().min(1).max(999).default(1),
        /**
         * A list-priced line's print locations with their inputs
         * (docs/decisions/0027-price-lists.md), as checkout takes them.
         */
        locations: z.array(chosenLocationSchema).max(8).optional(),
        /** A list-priced area line's size, material and finishing. */
        area: chosenAreaSchema.optional(),
      }),
    )
    .min(1, 'Send at least one line.')
    .max(100),
  /** The cart's rush option (docs/decisions/0027-price-lists.md); null or absent: standard. */
  rush: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Not an option of this product.')
    .max(40)
    .nullable()
    .optional(),
});

/** One line of the refresh answer, in the order the lines were sent. */
export interface RefreshedLine {
  productId: string;
  colorId: string | null;
  sizeId: string | null;
  /** False when the product, its collection, the colour or the size cannot be bought now. */
  purchasable: boolean;
  /** The unit price checkout would charge now; null when the line cannot be bought. */
  price_cents: number | null;
  /** A list-priced line's price in words ("Garment $4.00 · Front, 2 colours $2.80"); else null. */
  breakdown?: string | null;
  /** A list-priced line's product with today's lists: the cart prices the line with them from now on. */
  list_product?: PricedProduct;
  /** Pieces in stock now; null when made to order (no limit); 0 when sold out or not purchasable. */
  available: number | null;
  /** Why the line cannot be bought, naming the item; null when it can. */
  message: string | null;
}

export interface CartRefreshAnswer {
  lines: RefreshedLine[];
}

export type CartLineRef = z.infer<typeof cartLineRefSchema>;
export type CartRefreshLine = z.infer<typeof cartRefreshSchema>['items'][number];
export type CartRefresh = z.infer<typeof cartRefreshSchema>;
