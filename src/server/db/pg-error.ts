/** The SQLSTATE and constraint of a database error, whichever driver raised it (postgres.js, PGlite). */
export function pgError(error: unknown): { code: string; constraint: string | undefined } | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { code?: unknown; constraint?: unknown; constraint_name?: unknown };
  if (typeof e.code !== 'string' || !/^[0-9A-Z]{5}$/.test(e.code)) return null;
  const constraint = typeof e.constraint_name === 'string' ? e.constraint_name : e.constraint;
  return { code: e.code, constraint: typeof constraint === 'string' ? constraint : undefined };
}
