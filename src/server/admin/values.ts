import { IMAGE_SLOTS } from '../../lib/admin-schemas/images.ts';

const UPLOAD_FIELDS = new Set<string>(Object.values(IMAGE_SLOTS).flatMap((slot) => [slot.base64, slot.contentType]));

/** A payload without its upload fields (imageMainBase64, ...ContentType): what is left maps to columns. */
export function withoutUploadFields<T extends Record<string, unknown>>(
  input: T,
): Omit<T, (typeof IMAGE_SLOTS)[keyof typeof IMAGE_SLOTS]['base64' | 'contentType']> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!UPLOAD_FIELDS.has(key) && value !== undefined) out[key] = value;
  }
  return out as Omit<T, (typeof IMAGE_SLOTS)[keyof typeof IMAGE_SLOTS]['base64' | 'contentType']>;
}

/** A date column as YYYY-MM-DD (drivers answer midnight UTC of that day). */
export function isoDate(value: Date | string | null): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

/** A numeric column (a string from the driver) as a number. */
export const toNumber = (value: string | null): number | null => (value === null ? null : Number(value));
