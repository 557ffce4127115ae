import { SERVICE_CATEGORIES, type ServiceCategory } from '../catalog/services.ts';
import { z } from '../zod.ts';
import {
  centsSchema,
  idSchema,
  nameSchema,
  nullableCountSchema,
  nullableLongTextSchema,
  nullableTextSchema,
  slugSchema,
  sortOrderSchema,
} from './fields.ts';
import { checkImagePairs, mainImageFields, secondaryImageFields } from './images.ts';

export { SERVICE_CATEGORIES };

const serviceFields = {
  name: nameSchema(120),
  slug: slugSchema,
  tagline: nullableTextSchema(200),
  /** The service category (the admin dialog's "Category ID"). */
  category_id: z.enum(SERVICE_CATEGORIES, 'Choose a category.'),
  short_description: nullableTextSchema(500),
  base_price_cents: centsSchema,
  duration_minutes: nullableCountSchema(1, 100_000),
  description: nullableLongTextSchema(10_000),
  /** Rich HTML; sanitised on save. */
  description_html: nullableLongTextSchema(50_000),
  /** The Service Details list: idealFor, turnaround, materials (list), whatToExpect, requirements. */
  metadata: z.record(z.string(), z.unknown(), 'Metadata must be a JSON object.'),
  is_active: z.boolean(),
  sort_order: sortOrderSchema,
  ...mainImageFields,
  ...secondaryImageFields,
};

const pairs = checkImagePairs(['main', 'secondary']);

/** POST /api/services. name, slug and category_id are required. */
export const serviceCreateSchema = z
  .strictObject(serviceFields)
  .partial({
    tagline: true,
    short_description: true,
    base_price_cents: true,
    duration_minutes: true,
    description: true,
    description_html: true,
    metadata: true,
    is_active: true,
    sort_order: true,
  })
  .superRefine(pairs);

/** PUT /api/services/{id}: any subset of the fields. */
export const serviceUpdateSchema = z
  .strictObject(serviceFields)
  .partial()
  .extend({ id: idSchema.optional() })
  .superRefine(pairs);

export type ServiceCreate = z.infer<typeof serviceCreateSchema>;
export type ServiceUpdate = z.infer<typeof serviceUpdateSchema>;

export interface AdminService {
  id: string;
  name: string;
  slug: string;
  tagline: string | null;
  category_id: ServiceCategory;
  short_description: string | null;
  base_price_cents: number;
  duration_minutes: number | null;
  description: string | null;
  description_html: string | null;
  metadata: Record<string, unknown>;
  image_main_url: string | null;
  image_secondary_url: string | null;
  is_active: boolean;
  sort_order: number;
  created_at: string;
  updated_at: string;
}
