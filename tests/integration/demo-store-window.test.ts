import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_MAX_OPEN_DAYS } from '../../src/lib/admin-schemas/stores.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';

/**
 * The demo shop keeps its own rules (issue 44, item 15): its team store is open no longer than
 * the admin lets a store open (STORE_MAX_OPEN_DAYS), not four months.
 */
describe('the demo team store', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database.dispose());

  it('is open at most as long as a store may be', async () => {
    const store = await database.db
      .selectFrom('stores')
      .select(['opens_at', 'closes_at'])
      .where('slug', '=', 'city-champ-golf-2026')
      .executeTakeFirstOrThrow();
    const days = (new Date(store.closes_at).getTime() - new Date(store.opens_at).getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(0);
    expect(days).toBeLessThanOrEqual(STORE_MAX_OPEN_DAYS);
    // Still open for the buyer journey to use.
    expect(new Date(store.closes_at).getTime()).toBeGreaterThan(Date.now() + 7 * 86_400_000);
  });
});
