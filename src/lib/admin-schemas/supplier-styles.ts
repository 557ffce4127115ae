import { z } from '../zod.ts';
import { centsSchema, slugSchema } from './fields.ts';

/** The suppliers a shop can draw blanks from (src/server/suppliers). */
export const SUPPLIER_IDS = ['demo', 'ss-activewear', 'sanmar'] as const;

/** Adding a product from a supplier's style ("Gildan 5000", "PC61"): the admin form and the function. */
export const supplierStyleAddSchema = z.strictObject({
  supplier: z.enum(SUPPLIER_IDS, 'Choose a supplier.'),
  style: z
    .string()
    .trim()
    .min(1, 'Type the style, e.g. Gildan 5000.')
    .max(60, 'Use at most 60 characters.')
    .regex(/^[\p{L}\p{N} &.'/-]+$/u, "Use letters, digits, spaces and & . ' / - only."),
  collection: slugSchema,
  price_cents: centsSchema,
});

export type SupplierStyleAdd = z.infer<typeof supplierStyleAddSchema>;

/** A supplier the shop is set up with, as the admin lists it. */
export interface AdminSupplier {
  id: (typeof SUPPLIER_IDS)[number];
  label: string;
}

/** What adding a style made. */
export interface SupplierStyleAdded {
  productId: string;
  slug: string;
  name: string;
  colours: number;
  sizes: number;
  skus: number;
}
