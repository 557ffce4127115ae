import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastStatement, TransactionEndedError } from '../../src/server/db/last-statement.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * `lastStatement` (src/server/db/last-statement.ts): a transaction's last statement goes with
 * COMMIT (and on PostgreSQL, BEGIN goes with the first). What a caller sees on both drivers: it commits everything, a failure in it rolls
 * everything back with the statement's own error, nothing may follow it, and the connection
 * serves the next transaction as usual.
 */
describe.each(DATABASE_KINDS)('a transaction ending with lastStatement on %s', (kind) => {
  let database: TestDatabase;
  // biome-ignore lint/suspicious/noExplicitAny: a scratch table outside the app's Database type.
  let db: Kysely<any>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    await sql`create table last_probe (n int not null check (n >= 0))`.execute(db);
  }, 120_000);
  afterAll(() => database?.dispose());

  const stored = async () =>
    (await db.selectFrom('last_probe').select('n').orderBy('n').execute()).map((r: { n: number }) => r.n);
  // biome-ignore lint/suspicious/noExplicitAny: as db above.
  const insertLast = (trx: Kysely<any>, n: number) =>
    trx.executeQuery(lastStatement(sql`insert into last_probe (n) values (${n}) returning n`.compile(trx)));

  it('commits the statements before it and its own, and answers its rows', async () => {
    await db.deleteFrom('last_probe').execute();
    const rows = await db.transaction().execute(async (trx) => {
      await trx.insertInto('last_probe').values({ n: 1 }).execute();
      return (await insertLast(trx, 2)).rows;
    });
    expect(rows).toEqual([{ n: 2 }]);
    expect(await stored()).toEqual([1, 2]);
  });

  it('rolls everything back when it fails, with its own error', async () => {
    await db.deleteFrom('last_probe').execute();
    const failed = db.transaction().execute(async (trx) => {
      await trx.insertInto('last_probe').values({ n: 1 }).execute();
      await insertLast(trx, -1);
    });
    await expect(failed).rejects.toMatchObject({ code: '23514' });
    expect(await stored()).toEqual([]);
  });

  it('refuses a statement after it (the transaction is over), and the next transaction works', async () => {
    await db.deleteFrom('last_probe').execute();
    const misuse = db.transaction().execute(async (trx) => {
      await insertLast(trx, 1);
      await trx.insertInto('last_probe').values({ n: 2 }).execute();
    });
    await expect(misuse).rejects.toBeInstanceOf(TransactionEndedError);
    expect(await stored()).toEqual([1]);

    await db.transaction().execute(async (trx) => {
      await trx.insertInto('last_probe').values({ n: 3 }).execute();
      await trx.insertInto('last_probe').values({ n: 4 }).execute();
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('last_probe').values({ n: 5 }).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await stored()).toEqual([1, 3, 4]);
  });

  it('runs its first statement inside the transaction (BEGIN goes with it), and one with no statement ends cleanly', async () => {
    await db.deleteFrom('last_probe').execute();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('last_probe').values({ n: 1 }).execute();
        throw new Error('not this one');
      }),
    ).rejects.toThrow('not this one');
    expect(await db.transaction().execute(async () => 'nothing to do')).toBe('nothing to do');
    await expect(
      db.transaction().execute(async () => {
        throw new Error('nothing done');
      }),
    ).rejects.toThrow('nothing done');
    expect((await db.transaction().execute((trx) => insertLast(trx, 2))).rows).toEqual([{ n: 2 }]);
    expect(await stored()).toEqual([2]);
  });

  it('changes nothing outside a transaction: the statement commits on its own', async () => {
    await db.deleteFrom('last_probe').execute();
    expect((await insertLast(db, 7)).rows).toEqual([{ n: 7 }]);
    await db.transaction().execute((trx) => trx.insertInto('last_probe').values({ n: 8 }).execute());
    expect(await stored()).toEqual([7, 8]);
  });
});
