import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATED_TYPES_FILE, generateRowTypes } from '../../scripts/lib/db-types.mts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';

/**
 * src/server/db/schema.generated.ts is kysely-codegen's output for the migrated schema. A
 * migration merged without `npm run db:types` leaves it stale: this regenerates it from the
 * run's migrated template into a temporary file and compares.
 */
describe('the generated row types', () => {
  let database: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    dir = mkdtempSync(join(tmpdir(), 'shop-row-types-'));
  }, 120_000);
  afterAll(async () => {
    await database?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('are what npm run db:types writes for the migrations as they stand', async () => {
    const fresh = join(dir, 'schema.generated.ts');
    writeFileSync(fresh, await generateRowTypes(database));
    expect(existsSync(GENERATED_TYPES_FILE), 'src/server/db/schema.generated.ts is missing: npm run db:types').toBe(
      true,
    );
    expect(readFileSync(GENERATED_TYPES_FILE, 'utf8'), 'stale generated row types: run npm run db:types').toBe(
      readFileSync(fresh, 'utf8'),
    );
  });
});
