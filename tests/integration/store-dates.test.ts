import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RebuildReason, setRebuildHandler } from '../../src/server/admin/rebuild.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { jsonb } from '../../src/server/db/json.ts';
import { rebuildOnStoreDates } from '../../src/server/stores/store-dates.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { createStore } from '../support/store-fixtures.ts';

/**
 * A store's pre-rendered page follows its dates (docs/decisions/0030-team-stores.md): the sweep
 * asks for a rebuild when an approved store's opening time passed, or a store closed, since its
 * last run; once per change.
 */
describe.each(DATABASE_KINDS)('store pages follow their dates on %s', (kind) => {
  let database: TestDatabase;
  const rebuilds: RebuildReason[] = [];
  let unregister: () => void;
  const lookedAt = (at: Date) =>
    database.db
      .updateTable('sweep_state')
      .set({ state: jsonb({ at: at.toISOString() }) })
      .where('job', '=', 'store-dates')
      .execute();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    unregister = setRebuildHandler((reasons) => void rebuilds.push(...reasons), { delayMs: 0 });
  });
  afterAll(async () => {
    unregister();
    await database.dispose();
  });

  it('records where it starts, then rebuilds once for a store that opened since, and not again', async () => {
    const db = database.db;
    expect(await rebuildOnStoreDates.run(db)).toBeNull();
    expect(rebuilds).toEqual([]);

    // Looked at a minute ago; a store opened 30 seconds ago.
    await lookedAt(new Date(Date.now() - 60_000));
    const opened = await createStore(db, { opensAt: new Date(Date.now() - 30_000) });
    expect(await rebuildOnStoreDates.run(db)).toMatch(new RegExp(`${opened.slug} opened or closed`));
    expect(rebuilds).toEqual([{ entity: 'store', action: 'update', id: opened.storeId }]);
    expect(await rebuildOnStoreDates.run(db)).toBeNull();
    expect(rebuilds).toHaveLength(1);
  });

  it('rebuilds for a store the close closed, and not for a draft whose opening time passed', async () => {
    const db = database.db;
    rebuilds.length = 0;
    // Windows of a few seconds: the store the test above opened is older than them.
    await lookedAt(new Date(Date.now() - 5_000));
    await createStore(db, { status: 'draft', opensAt: new Date(Date.now() - 2_000) });
    expect(await rebuildOnStoreDates.run(db)).toBeNull();

    await lookedAt(new Date(Date.now() - 5_000));
    const closed = await createStore(db, {
      opensAt: new Date(Date.now() - 3 * 86_400_000),
      closesAt: new Date(Date.now() - 120_000),
    });
    await db
      .updateTable('stores')
      .set({ status: 'closed', closed_at: new Date(Date.now() - 2_000) })
      .where('id', '=', closed.storeId)
      .execute();
    expect(await rebuildOnStoreDates.run(db)).toMatch(new RegExp(closed.slug));
    expect(rebuilds).toEqual([{ entity: 'store', action: 'update', id: closed.storeId }]);
  });
});
