import { z } from './zod.ts';

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
