// zod/mini keeps the browser bundle of the forms small (a few kB, loaded when a form is used).
import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../identifiers.ts';

/**
 * A form field people never see or fill (hidden from sight, screen readers and tab order).
 * Bots that fill every field fill it too; such a submission is answered as a success and dropped.
 */
export const HONEYPOT_FIELD = 'website';

/** An e-mail address: trimmed, then the shop's rule (identifiers.ts), with the given message for any failure. */
export function emailField(required: string, invalid: string) {
  return z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, required), z.maxLength(EMAIL_MAX_LENGTH, invalid), z.regex(EMAIL_PATTERN, invalid));
}

/** The object-level error of a form schema: not an object, or fields the form does not have. */
export const formObjectError = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys'
      ? `Unexpected field: ${issue.keys?.join(', ')}`
      : 'Send the form fields as an object',
};

export const NEWSLETTER_MESSAGES = {
  invalidEmail: 'Enter a valid email',
  success: 'Thanks for signing up!',
  failure: 'Sign-up failed. Please try again.',
} as const;

/** POST /api/newsletter: the home page's "Join Our Mailing List" block. */
export const newsletterSchema = z.strictObject(
  { email: emailField(NEWSLETTER_MESSAGES.invalidEmail, NEWSLETTER_MESSAGES.invalidEmail) },
  formObjectError,
);

export type NewsletterSignup = z.infer<typeof newsletterSchema>;

/** Field name → first message, for a value the schema refuses; empty when it passes. */
export function fieldErrors(schema: z.ZodMiniType, value: unknown): Record<string, string> {
  const parsed = schema.safeParse(value);
  const fields: Record<string, string> = {};
  if (parsed.success) return fields;
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
