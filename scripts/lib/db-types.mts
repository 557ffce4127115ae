import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generate, PostgresDialect } from 'kysely-codegen';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/connect.ts';
import { migrate } from '../../src/server/db/migrate.ts';

/**
 * The generated row types (checked in). `src/server/db/types.ts` narrows some of their columns
 * (JSON shapes, unions a CHECK constraint holds) and is what the code imports.
 */
export const GENERATED_TYPES_FILE = resolve('src/server/db/schema.generated.ts');

/**
 * The row types kysely-codegen writes for the schema of `handle`: every table but the migration
 * ledger, int8 read as a number (both drivers parse it so, src/server/db/int8.ts), dates as
 * `Date` and numeric as a string, as the drivers return them.
 */
export async function generateRowTypes(handle: DatabaseHandle): Promise<string> {
  return generate({
    db: handle.db,
    dialect: new PostgresDialect({ dateParser: 'timestamp', numericParser: 'string' }),
    excludePattern: 'schema_migrations',
    typeMapping: { int8: 'number' },
    outFile: null,
  });
}

/** Applies the migrations to a throwaway embedded database and returns its generated row types. */
export async function generateRowTypesFromMigrations(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-db-types-'));
  const handle = await openDatabase({ dataDir: dir });
  try {
    await migrate(handle);
    return await generateRowTypes(handle);
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
