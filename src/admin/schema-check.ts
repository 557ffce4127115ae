import type { z } from '../lib/zod.ts';

/** Field messages keyed as the server keys them ("price_tiers.0.min_quantity"); `_` for the whole form. */
export type FieldErrors = Record<string, string>;

/**
 * Runs the schema the server applies to a save on the body the form is about to send, so the
 * owner sees the same messages at the same fields at once, without a round trip. The body goes
 * through JSON first, as it would on the wire (an undefined value is left out, NaN becomes null).
 * Null when the server would take it (it may still refuse what only it knows: a taken slug).
 */
export function schemaErrors(schema: z.ZodType, payload: Record<string, unknown>): FieldErrors | null {
  const parsed = schema.safeParse(JSON.parse(JSON.stringify(payload)));
  if (parsed.success) return null;
  const fields: FieldErrors = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fields;
}

/** A save check for CrudScreen: the create schema for a new record, the update schema otherwise. */
export const checkWith =
  (create: z.ZodType, update: z.ZodType) =>
  (payload: Record<string, unknown>, isNew: boolean): FieldErrors | null =>
    schemaErrors(isNew ? create : update, payload);

/** Drops the messages of the fields a change touched (`price_tiers` clears `price_tiers.0.name` too). */
export function withoutFixed(errors: FieldErrors, changed: readonly string[]): FieldErrors {
  if (changed.length === 0) return errors;
  const touched = new Set(changed);
  const kept = Object.entries(errors).filter(([key]) => !touched.has(key.split('.')[0]!));
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}
