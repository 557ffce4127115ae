import { z } from '../zod.ts';
import { MAX_PRINT_WIDTH_IN } from '../catalog/print-widths.ts';
import { SLUG_PATTERN } from '../catalog/products.ts';

/**
 * Field rules shared by the admin payload schemas. Admin forms do no validation of their own
 * (docs/decisions/spec-rules.md#s5): these schemas are what the server applies, and the SPA can run the same ones to
 * show the server's messages early. Numeric fields are coerced from form strings.
 */

/** "12", " 12 " and 12 become 12; anything else is left for the number schema to refuse. */
export function toNumber(value: unknown): unknown {
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return value;
}

/** Like toNumber, but an empty form field (or null) means "no value". */
function toNullableNumber(value: unknown): unknown {
  if (value === '' || value === null) return null;
  return toNumber(value);
}

const MAX_CENTS = 100_000_000;

/** Whole cents, 0 to $1,000,000 (the admin's money fields type dollars and send cents). */
export const centsSchema = z.preprocess(
  toNumber,
  z
    .number('Enter an amount.')
    .int('Use whole cents (an amount in cents has no decimals).')
    .min(0, 'Must be 0 or more.')
    .max(MAX_CENTS, 'That amount is too large.'),
);

/** A whole number >= min, or null when left empty. */
export const nullableCountSchema = (min = 0, max = 1_000_000) =>
  z.preprocess(
    toNullableNumber,
    z.int('Enter a whole number.').min(min, `Must be ${min} or more.`).max(max, 'That number is too large.').nullable(),
  );

/** A non-negative measure with up to two decimals (weight, dimensions), or null. */
export const nullableMeasureSchema = z.preprocess(
  toNullableNumber,
  z
    .number('Enter a number.')
    .min(0, 'Must be 0 or more.')
    .max(99_999_999, 'That number is too large.')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Use at most two decimals.')
    .nullable(),
);

/** A print width in inches: more than 0, at most 1200 (100 ft), up to two decimals; empty: not set. */
export const nullablePrintWidthSchema = z.preprocess(
  toNullableNumber,
  z
    .number('Enter the width in inches.')
    .positive('The width is more than 0 inches.')
    .max(MAX_PRINT_WIDTH_IN, `Use at most ${MAX_PRINT_WIDTH_IN} inches (100 ft).`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Use at most two decimals.')
    .nullable(),
);

export const sortOrderSchema = z.preprocess(toNumber, z.int().min(-1_000_000).max(1_000_000));

export const slugSchema = z
  .string()
  .trim()
  .min(1, 'Slug is required.')
  .max(120, 'Slug is too long.')
  .regex(SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens, e.g. city-champ-golf.');

export const nameSchema = (max: number) =>
  z.string().trim().min(1, 'Name is required.').max(max, `Use at most ${max} characters.`);

/** Optional text; an empty or blank value is stored as null. */
export const nullableTextSchema = (max: number) =>
  z
    .string()
    .max(max, `Use at most ${max} characters.`)
    .nullable()
    .transform((v) => (v === null || v.trim() === '' ? null : v.trim()));

/** Rich or long text: kept as written (the server sanitises HTML), empty means null. */
export const nullableLongTextSchema = (max: number) =>
  z
    .string()
    .max(max, `Use at most ${max} characters.`)
    .nullable()
    .transform((v) => (v === null || v.trim() === '' ? null : v));

/** YYYY-MM-DD, a real calendar date. */
export const dateSchema = z.iso.date('Use a date in the form YYYY-MM-DD.');

/** A date, or null when the field is cleared. */
export const nullableDateSchema = z.preprocess((v) => (v === '' ? null : v), dateSchema.nullable());

export const idSchema = z.uuid('Not a valid id.');

/** A list of ids without repeats. */
export const idListSchema = z
  .array(idSchema)
  .max(200)
  .refine((ids) => new Set(ids).size === ids.length, 'The same id is listed twice.');

/** Query numbers arrive as text. */
export const queryInt = (min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? fallback : toNumber(v)),
    z.int(`Use a whole number from ${min} to ${max}.`).min(min).max(max),
  );

/** An optional query value: an empty parameter counts as absent. */
export const optionalQuery = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
