/**
 * postgres.js 3.4.9 opens every connection with a catalog query for array types whose promise it
 * never awaits (porsager/postgres#1192, open). When PostgreSQL goes away (or times the query out)
 * while a connection is starting, that query's error surfaces as an unhandled rejection, which
 * ends a Node process by default: one database blip at the wrong moment would take down the
 * whole `npm start` server. The request that opened the connection fails on its own (503).
 * (Turning `fetch_types` off instead makes `reserve()` on a fresh connection hang in the same
 * version.)
 */
export function isDriverArrayTypesQueryError(error: unknown): boolean {
  const query = (error as { query?: unknown } | null)?.query;
  return typeof query === 'string' && query.includes('b.typarray') && query.includes('pg_catalog.pg_type');
}

let installed = false;

/**
 * For a long-running process: logs the driver's unawaited startup query failing instead of
 * exiting. Every other unhandled rejection still ends the process, as Node's default does.
 */
export function surviveDriverStartupRejections(log: (line: string) => void): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => {
    if (!isDriverArrayTypesQueryError(reason)) throw reason;
    log(`database: a new connection failed while starting (${(reason as Error).message}); carrying on`);
  });
}
