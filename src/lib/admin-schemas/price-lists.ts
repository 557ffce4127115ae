import type { PriceListWarning } from '../pricing/list-warnings.ts';
import { priceListDataSchema } from '../pricing/list-schema.ts';
import type { PriceListData, PriceListMethod } from '../pricing/lists.ts';
import { z } from '../zod.ts';
import { idSchema, nameSchema } from './fields.ts';

/** POST /api/admin/price-lists: a name and the method's data (the method is data.method). */
export const priceListCreateSchema = z.strictObject({
  name: nameSchema(120),
  data: priceListDataSchema,
});

/**
 * PUT /api/admin/price-lists/{id}. `version` is the version the edit started from: a save
 * based on an older one is refused (409) rather than losing someone else's change.
 */
export const priceListUpdateSchema = z.strictObject({
  id: idSchema.optional(),
  version: z.number('Say which version this edit started from.').int().min(1),
  name: nameSchema(120).optional(),
  data: priceListDataSchema.optional(),
});

export type PriceListCreate = z.infer<typeof priceListCreateSchema>;
export type PriceListUpdate = z.infer<typeof priceListUpdateSchema>;

/** A product that uses a list, and how ("Front print", "Size upcharges"). */
export interface PriceListUse {
  product_id: string;
  product_name: string;
  as: string;
}

/** A row of the lists screen: what it is and where it is used. */
export interface AdminPriceListSummary {
  id: string;
  name: string;
  method: PriceListMethod;
  version: number;
  /** Products using it (a product using it at two locations counts once). */
  used_by_count: number;
  used_by: PriceListUse[];
  updated_at: string;
}

export interface AdminPriceList extends AdminPriceListSummary {
  data: PriceListData;
  /** Points worth a second look that do not stop a save. */
  warnings: PriceListWarning[];
  created_at: string;
  /** The saved versions, newest first (the last 20), each naming who saved it. */
  versions: PriceListVersionEntry[];
}

export interface PriceListVersionEntry {
  version: number;
  saved_at: string;
  /** The person who saved it, in words ("Maria", "the owner"). */
  saved_by: string;
}
