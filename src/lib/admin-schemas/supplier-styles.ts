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

/** Asking for a sync of one supplier now (the sweep runs it). */
export const supplierSyncSchema = z.strictObject({ supplier: z.enum(SUPPLIER_IDS, 'Choose a supplier.') });

/** The latest sync of a supplier, as the admin shows it (times ISO, shown in the shop's zone). */
export interface AdminSupplierSync {
  status: 'requested' | 'running' | 'done' | 'failed' | 'interrupted';
  /** When it finished, or started, or was asked for: the latest of them. */
  at: string;
  skusSynced: number;
  skusDiscontinued: number;
  message: string | null;
}

/** A supplier the shop is set up with, as the admin lists it. */
export interface AdminSupplier {
  id: (typeof SUPPLIER_IDS)[number];
  label: string;
  lastSync: AdminSupplierSync | null;
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
