import { z } from '../zod.ts';
import { idSchema, nameSchema, sortOrderSchema } from './fields.ts';

export const HEX_PATTERN = /^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$/;

const colorFields = {
  name: nameSchema(60),
  /** #RRGGBB, or #RRGGBBAA with alpha. */
  hex: z.string().trim().regex(HEX_PATTERN, 'Use a hex colour like #1C1C1C (or #1C1C1C80 with alpha).'),
  is_active: z.boolean(),
  sort_order: sortOrderSchema,
};

export const colorCreateSchema = z.strictObject(colorFields).partial({ is_active: true, sort_order: true });
export const colorUpdateSchema = z.strictObject(colorFields).partial().extend({ id: idSchema.optional() });

export type ColorCreate = z.infer<typeof colorCreateSchema>;
export type ColorUpdate = z.infer<typeof colorUpdateSchema>;

export interface AdminColor {
  id: string;
  name: string;
  hex: string;
  is_active: boolean;
  sort_order: number;
}
