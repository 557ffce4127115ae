/**
 * How both drivers read a Postgres bigint (int8): as a JavaScript number, the type the row types
 * give every amount in cents, so an order's bigint totals read as the integer columns did.
 * postgres.js would answer a string and PGlite a number rounded past 2^53; a value that cannot
 * be held exactly (beyond ±9,007,199,254,740,991, i.e. $90 trillion) is an error, never a
 * rounded amount (supabase/migrations/20261129000000_order_totals_bigint.sql).
 */
export function readInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`The database answered ${text}, an integer too large to read exactly.`);
  }
  return value;
}

/** Postgres's type id of bigint. */
export const INT8_OID = 20;
