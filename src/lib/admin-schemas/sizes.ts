import { z } from '../zod.ts';
import { idSchema, nameSchema, sortOrderSchema } from './fields.ts';

const sizeFields = {
  name: nameSchema(40),
  is_active: z.boolean(),
  sort_order: sortOrderSchema,
};

export const sizeCreateSchema = z.strictObject(sizeFields).partial({ is_active: true, sort_order: true });
export const sizeUpdateSchema = z.strictObject(sizeFields).partial().extend({ id: idSchema.optional() });

export type SizeCreate = z.infer<typeof sizeCreateSchema>;
export type SizeUpdate = z.infer<typeof sizeUpdateSchema>;

export interface AdminSize {
  id: string;
  name: string;
  is_active: boolean;
  sort_order: number;
}
