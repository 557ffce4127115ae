import { z } from '../zod.ts';
import {
  idSchema,
  nameSchema,
  nullableDateSchema,
  nullableLongTextSchema,
  slugSchema,
  sortOrderSchema,
} from './fields.ts';
import { checkImagePairs, headerImageFields, mainImageFields, secondaryImageFields } from './images.ts';

const collectionFields = {
  name: nameSchema(120),
  slug: slugSchema,
  description: nullableLongTextSchema(2000),
  is_featured: z.boolean(),
  start_date: nullableDateSchema,
  end_date: nullableDateSchema,
  is_active: z.boolean(),
  /** Rich HTML; sanitised on save. */
  html_description: nullableLongTextSchema(50_000),
  description_extended: nullableLongTextSchema(10_000),
  sort_order: sortOrderSchema,
  ...mainImageFields,
  ...secondaryImageFields,
  ...headerImageFields,
};

function datesInOrder(
  value: { start_date?: string | null | undefined; end_date?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.start_date && value.end_date && value.end_date < value.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'End date must not be before the start date.' });
  }
}

const pairs = checkImagePairs(['main', 'secondary', 'header']);

/** POST /api/collections. name and slug are required; is_active defaults to true. */
export const collectionCreateSchema = z
  .strictObject(collectionFields)
  .partial({
    description: true,
    is_featured: true,
    start_date: true,
    end_date: true,
    is_active: true,
    html_description: true,
    description_extended: true,
    sort_order: true,
  })
  .superRefine(pairs)
  .superRefine(datesInOrder);

/** PUT /api/collections/{id}: any subset of the fields. */
export const collectionUpdateSchema = z
  .strictObject(collectionFields)
  .partial()
  .extend({ id: idSchema.optional() })
  .superRefine(pairs)
  .superRefine(datesInOrder);

export type CollectionCreate = z.infer<typeof collectionCreateSchema>;
export type CollectionUpdate = z.infer<typeof collectionUpdateSchema>;

export interface AdminCollection {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  image_main_url: string | null;
  image_secondary_url: string | null;
  image_header_url: string | null;
  is_featured: boolean;
  start_date: string | null;
  end_date: string | null;
  is_active: boolean;
  html_description: string | null;
  description_extended: string | null;
  sort_order: number;
  /** How many products the collection holds (a delete is refused while it holds any). */
  product_count: number;
  created_at: string;
  updated_at: string;
}
