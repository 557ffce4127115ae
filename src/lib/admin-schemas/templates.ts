import { z } from '../zod.ts';
import { idSchema, slugSchema } from './fields.ts';

const bindingSchema = z
  .string()
  .trim()
  .min(1, 'A binding needs a name.')
  .max(60, 'Use at most 60 characters.')
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Bindings are names like fullName or order_number.');

const templateFields = {
  /** Looked up by name by the mail code (e.g. order-confirmation). */
  name: slugSchema,
  subject: z.string().trim().min(1, 'Subject is required.').max(300, 'Use at most 300 characters.'),
  txt: z.string().max(50_000, 'The text body is too long.'),
  /** Sanitised on save. */
  html: z.string().max(200_000, 'The HTML body is too long.'),
  bindings: z
    .array(bindingSchema)
    .max(100)
    .refine((list) => new Set(list).size === list.length, 'Bindings must be unique.'),
};

export const templateCreateSchema = z.strictObject(templateFields).partial({ txt: true, html: true, bindings: true });
export const templateUpdateSchema = z.strictObject(templateFields).partial().extend({ id: idSchema.optional() });

export type TemplateCreate = z.infer<typeof templateCreateSchema>;
export type TemplateUpdate = z.infer<typeof templateUpdateSchema>;

export interface AdminTemplate {
  id: string;
  name: string;
  subject: string;
  txt: string;
  html: string;
  bindings: string[];
  created_at: string;
  updated_at: string;
}
