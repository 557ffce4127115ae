import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { inject } from 'vitest';
import { openDatabase } from '../../src/server/db/connect.ts';
import type { DRIVER_KINDS } from './databases.ts';

/** An empty database of the given kind (not the seeded template) and a way to drop it. */
export async function emptyDatabase(kind: (typeof DRIVER_KINDS)[number]) {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'shop-empty-'));
    const handle = await openDatabase({ dataDir: dir });
    return {
      handle,
      drop: async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `shop_empty_${randomBytes(6).toString('hex')}`;
  const admin = postgres(inject('postgresUrl'), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const handle = await openDatabase({
    url: inject('postgresUrl').replace(/\/postgres$/, `/${name}`),
    maxConnections: 2,
  });
  return {
    handle,
    drop: async () => {
      await handle.close();
      await admin.unsafe(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}
