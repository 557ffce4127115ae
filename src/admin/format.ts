import type { DiscountTypeName } from '../lib/admin-schemas/discount-codes.ts';
import { formatUsd } from '../lib/money.ts';
import { shopDateTimeWords, shopDateWords } from '../lib/site/shop-time.ts';

/** Display helpers for the admin tables; money arrives as integer cents ("$6,042.60", as the shop shows it). */
export const usd = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '' : formatUsd(cents);

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * What a discount code takes off, as the owner reads it: "15 % off" (basis points inside; the
 * space before % does not break), "$10.00 off", "Free shipping".
 */
export function discountOff({ type, amount_cents }: { type: DiscountTypeName; amount_cents: number }): string {
  if (type === 'free_shipping') return 'Free shipping';
  if (type === 'percentage') return `${percent.format(amount_cents / 100)}\u00a0% off`;
  return `${formatUsd(amount_cents)} off`;
}

/** "Sun, Nov 29, 2026, 11:30 PM CST": on the shop's clock, whatever the browser's zone. */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : shopDateTimeWords(d);
}

/** A calendar day as kept ('YYYY-MM-DD', an in-hands date) in words: "Thu, Dec 3, 2026"; none: ''. */
export const day = (value: string | null | undefined) => (value ? shopDateWords(value) : '');

/** The earlier of two calendar days ('YYYY-MM-DD'), either may be missing. */
export const earlier = (a: string | null, b: string | null) => (a && b ? (a < b ? a : b) : (a ?? b));

/** Form text or number to a number; empty becomes null (the server decides what is allowed). */
export function toNumberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(n) ? n : null;
}

/** Metadata text to an object; text that is not a JSON object becomes {} (docs/decisions/spec-rules.md#s5). */
export function parseJsonObject(text: unknown): Record<string, unknown> {
  if (typeof text !== 'string') return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export const str = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));
