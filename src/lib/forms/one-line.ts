import { z } from '../zod.ts';

/** True when `text` holds no line break of any kind a browser or a mail header could split on. */
export const isOneLine = (text: string) => !/[\r\n\u2028\u2029]/.test(text);

export const ONE_LINE_MESSAGE = 'Keep this on one line.';

/**
 * A required one-line text field: trimmed, bounded, and refused in words when it holds a line
 * break, so a value that lands in a mail header, a CSV cell or an invoice memo stays one line
 * (docs/decisions/0025-hardening.md, bad input never reaches the database).
 */
export const oneLineText = (max: number, required: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(max, `Use at most ${max} characters.`)
    .refine(isOneLine, ONE_LINE_MESSAGE);
