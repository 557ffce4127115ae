import { isAbsolute, relative } from 'node:path';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { ServerConfig } from '../../src/server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connect.ts';
import { migrate } from '../../src/server/db/migrate.ts';

export interface ShopDatabase {
  handle: DatabaseHandle;
  /** A postgres:// URL other processes (the Astro build, `astro dev`) use to reach this database. */
  url: string;
  close(): Promise<void>;
}

const shortPath = (path: string) => {
  const inside = relative(process.cwd(), path);
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
};

/** "up to date", the few files applied by name, or how many (a new database: all, and the seed). */
export function describeMigration(applied: readonly string[]): string {
  if (applied.length === 0) return 'up to date';
  if (applied.length <= 3) return `applied ${applied.join(', ')}`;
  const seeded = applied.some((name) => name.startsWith('seed/'));
  const migrations = applied.filter((name) => !name.startsWith('seed/')).length;
  return `${migrations} migrations applied${seeded ? ' and the demo shop loaded' : ''}`;
}

/**
 * Opens the shop's database for a long-running owner process and brings its schema up to
 * date. With the embedded default this process becomes the only owner of the PGlite folder
 * and serves it on a loopback port over the Postgres wire protocol for everyone else.
 */
export async function openShopDatabase(cfg: ServerConfig, log: (line: string) => void): Promise<ShopDatabase> {
  const started = performance.now();
  const handle = await openDatabase({ url: cfg.DATABASE_URL, dataDir: cfg.dataDir, maxConnections: 10 });
  // The embedded database is a demo shop: migrations and the seed apply on first start.
  const result = await migrate(handle, { seed: handle.kind === 'pglite' });
  const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const where = handle.kind === 'pglite' ? `PGlite in ${shortPath(cfg.dataDir)}` : new URL(cfg.DATABASE_URL!).host;
  log(`database: ${describeMigration(result.applied)} (${where}, ${took})`);

  if (!handle.pglite) {
    return { handle, url: cfg.DATABASE_URL ?? '', close: () => handle.close() };
  }
  const socket = new PGLiteSocketServer({ db: handle.pglite, host: '127.0.0.1', port: 0, maxConnections: 8 });
  await socket.start();
  const address = socket.getServerConn();
  return {
    handle,
    url: `postgres://postgres@${address}/postgres`,
    async close() {
      await socket.stop();
      await handle.close();
    },
  };
}
