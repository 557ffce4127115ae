import { BLOCK_WORDS_MAX } from '../mail-templates/text-blocks.ts';
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
export const templateUpdateSchema = z
  .strictObject(templateFields)
  .partial()
  .extend({
    id: idSchema.optional(),
    /**
     * The words of each text block of the stored HTML, in order (lib/mail-templates/text-blocks.ts):
     * the owner's way to reword an e-mail; the server puts them into the layout it holds.
     */
    words: z
      .array(z.string().max(BLOCK_WORDS_MAX, `Use at most ${BLOCK_WORDS_MAX} characters here.`))
      .max(500)
      .optional(),
    /** The same for the plain-text copy's paragraphs (lib/mail-templates/plain-paragraphs.ts). */
    text_words: z
      .array(z.string().max(BLOCK_WORDS_MAX, `Use at most ${BLOCK_WORDS_MAX} characters here.`))
      .max(500)
      .optional(),
  })
  .refine(
    (input) =>
      (input.words === undefined && input.text_words === undefined) ||
      (input.html === undefined && input.txt === undefined),
    {
      message: 'Change the words or the HTML and text source in one save, not both.',
      path: ['words'],
    },
  );

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

/** A template as it was before a save replaced it (GET /api/templates/:id/versions, newest first). */
export interface TemplateVersion {
  id: string;
  subject: string;
  txt: string;
  html: string;
  bindings: string[];
  /** When this content was saved. */
  saved_at: string;
  /** When a later save replaced it, and who saved that. */
  replaced_at: string;
  replaced_by: string;
}

/** An unsaved draft to render with sample values (POST /api/template-preview). */
export const templatePreviewSchema = z.strictObject({
  name: templateFields.name,
  subject: templateFields.subject,
  txt: templateFields.txt,
  html: templateFields.html,
});

export type TemplatePreviewRequest = z.infer<typeof templatePreviewSchema>;

/** The e-mail as a customer would get it, rendered from the draft with a sample order. */
export interface TemplatePreview {
  subject: string;
  text: string;
  html: string | null;
  /** Placeholders the sample has no value for (rendered empty, as a real send would). */
  missing: string[];
}
