/** Tax rates in words: the owner types and reads percentages, never thousandths (tax-rules.ts). */

/** 8250 → "8.25 %", 8000 → "8 %", 8375 → "8.375 %". */
export function percentWords(rateMilli: number): string {
  return `${String(Number((rateMilli / 1000).toFixed(3)))} %`;
}

/** The most a rate may be: 20 %, above any US combined sales-tax rate. */
export const MAX_RATE_MILLI = 20_000;

/**
 * "8.25", "8.25%", " 8.375 % " → 8250, 8375; null for anything that is not a percentage from
 * 0 to 20 with at most three decimals.
 */
export function parsePercent(text: string): number | null {
  const match = /^\s*(\d{1,2})(?:\.(\d{1,3}))?\s*%?\s*$/.exec(text);
  if (!match) return null;
  const milli = Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
  return milli <= MAX_RATE_MILLI ? milli : null;
}
