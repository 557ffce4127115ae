import { config } from '../config.ts';
import { type DatabaseHandle, openDatabase, STATEMENT_TIMEOUT_MS } from './connect.ts';

export type { Database } from './types.ts';
export type { DatabaseHandle } from './connect.ts';

// Kept on globalThis so every module instance in one process (Astro's config loader and its
// page bundle, Vite's dev graph, the local server) shares the one handle.
const store = globalThis as unknown as { __printShopDatabase?: Promise<DatabaseHandle> | undefined };

/**
 * The database of this process. Functions and pages call this; the local server and tests
 * install their own handle first with `installDatabase`, so the process that owns the embedded
 * PGlite folder is the only one that opens it.
 */
export function database(): Promise<DatabaseHandle> {
  store.__printShopDatabase ??= openDatabase({
    url: config().DATABASE_URL,
    dataDir: config().dataDir,
    // A serverless instance serves one request at a time; a small pool is enough.
    maxConnections: 2,
    connectTimeoutSeconds: config().DATABASE_CONNECT_TIMEOUT,
    statementTimeoutMs: config().DATABASE_STATEMENT_TIMEOUT ?? STATEMENT_TIMEOUT_MS,
  });
  return store.__printShopDatabase;
}

export async function db() {
  return (await database()).db;
}

export function installDatabase(handle: DatabaseHandle) {
  store.__printShopDatabase = Promise.resolve(handle);
}

export async function closeDatabase() {
  const handle = store.__printShopDatabase;
  store.__printShopDatabase = undefined;
  if (handle) await (await handle).close();
}
