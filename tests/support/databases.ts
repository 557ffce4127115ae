import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { inject } from 'vitest';
import { type DatabaseHandle, type DatabaseKind, openDatabase } from '../../src/server/db/connect.ts';

/**
 * The engines a domain test runs on: PostgreSQL 15, the production engine. No code outside
 * src/server/db depends on the engine, and the browser tests run the whole shop on PGlite.
 */
export const DATABASE_KINDS: DatabaseKind[] = ['postgres'];

/**
 * The engines of the driver contract, where the two drivers differ: migrations, row types,
 * transactions and rollback, error mapping, value parsing, `for update`, advisory locks, a
 * statement that commits with its transaction, and a database that is gone
 * (tests/integration/driver-contract.test.ts and the files that name DRIVER_KINDS).
 */
export const DRIVER_KINDS: DatabaseKind[] = ['pglite', 'postgres'];

export interface TestDatabase extends DatabaseHandle {
  /** postgres:// URL of this copy (postgres only). */
  url?: string;
  /** Closes the handle and drops the copy. */
  dispose(): Promise<void>;
}

/** A private, migrated and seeded database of the given kind, copied from the run's template. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'shop-pglite-'));
    cpSync(inject('pgliteTemplateDir'), dir, { recursive: true });
    const handle = await openDatabase({ dataDir: dir });
    return Object.assign(handle, {
      async dispose() {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    });
  }
  const base = inject('postgresUrl');
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name} template shop_template`);
  const url = base.replace(/\/postgres$/, `/${name}`);
  const handle = await openDatabase({ url, maxConnections: 10 });
  return Object.assign(handle, {
    url,
    async dispose() {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  });
}
