import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastStatement, TransactionEndedError } from '../../src/server/db/last-statement.ts';
import { jsonb } from '../../src/server/db/json.ts';
import { pgError } from '../../src/server/db/pg-error.ts';
import { atomically } from '../../src/server/db/transaction.ts';
import { createTestDatabase, DRIVER_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * What the shop needs of a database driver, on both: PGlite (the embedded default, one session
 * in this process) and postgres.js over PostgreSQL 15 (production). Domain tests run on
 * PostgreSQL only (tests/support/databases.ts); this file, the migrations, the row types,
 * reserving stock and the collections API's outage answer are where the drivers differ, so they
 * run on both.
 */
describe.each(DRIVER_KINDS)('the database driver contract on %s', (kind) => {
  let database: TestDatabase;
  // The contract's own table, outside the shop's row types.
  const db = () => database.db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.execScript(`
      create table contract_rows (
        id int primary key,
        label text not null unique,
        n int not null default 0 check (n >= 0),
        doc jsonb,
        at timestamptz,
        amount numeric(12, 2),
        big int8
      );
      insert into contract_rows (id, label) values (1, 'counter');
    `);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const counter = async () =>
    Number((await sql<{ n: number }>`select n from contract_rows where id = 1`.execute(database.db)).rows[0]!.n);

  it('commits a transaction, and rolls back every statement of one that throws', async () => {
    await database.db.transaction().execute(async (trx) => {
      await sql`insert into contract_rows (id, label) values (2, 'kept')`.execute(trx);
    });
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`insert into contract_rows (id, label) values (3, 'lost')`.execute(trx);
        await sql`update contract_rows set n = n + 1 where id = 1`.execute(trx);
        throw new Error('the service changed its mind');
      }),
    ).rejects.toThrow('the service changed its mind');
    const ids = await sql<{ id: number }>`select id from contract_rows order by id`.execute(database.db);
    expect(ids.rows.map((r) => r.id)).toEqual([1, 2]);
    expect(await counter()).toBe(0);
  });

  it('composes atomically: work inside a caller’s transaction rolls back with it', async () => {
    await expect(
      atomically(database.db, async (outer) => {
        await atomically(outer, async (inner) => {
          await sql`update contract_rows set n = n + 5 where id = 1`.execute(inner);
        });
        throw new Error('outer fails after the inner work');
      }),
    ).rejects.toThrow('outer fails');
    expect(await counter()).toBe(0);
  });

  it('names the SQLSTATE and constraint of a refused statement, and leaves the data as it was', async () => {
    const duplicate = await sql`insert into contract_rows (id, label) values (4, 'counter')`
      .execute(database.db)
      .catch((e: unknown) => e);
    expect(pgError(duplicate)).toEqual({ code: '23505', constraint: 'contract_rows_label_key' });
    const negative = await sql`update contract_rows set n = -1 where id = 1`
      .execute(database.db)
      .catch((e: unknown) => e);
    expect(pgError(negative)).toEqual({ code: '23514', constraint: 'contract_rows_n_check' });
    expect(pgError(new Error('not from the database'))).toBeNull();
    expect(await counter()).toBe(0);
  });

  it('writes json through jsonb() and reads json, times, numerics and bigints the same way', async () => {
    const at = new Date('2026-11-29T05:30:00.123Z');
    await db()
      .insertInto('contract_rows')
      .values({
        id: 5,
        label: 'values',
        doc: jsonb({ inks: ['black', 'gold'], pieces: 48, rush: null }),
        at,
        amount: '1234.50',
        big: 9_007_199_254_740_991,
      })
      .execute();
    const row = (
      await sql<Record<string, unknown>>`select doc, at, amount, big from contract_rows where id = 5`.execute(
        database.db,
      )
    ).rows[0]!;
    expect(row['doc']).toEqual({ inks: ['black', 'gold'], pieces: 48, rush: null });
    expect(row['at']).toBeInstanceOf(Date);
    expect((row['at'] as Date).toISOString()).toBe(at.toISOString());
    expect(String(row['amount'])).toBe('1234.50');
    // Amounts in cents can be bigint: read as exact numbers (src/server/db/int8.ts).
    expect(row['big']).toBe(9_007_199_254_740_991);
    const counted = (await sql<{ c: unknown }>`select count(*) as c from contract_rows`.execute(database.db)).rows[0]!;
    expect(counted.c).toBe(3);
  });

  it('refuses to read a bigint JavaScript cannot hold exactly, instead of rounding it', async () => {
    await expect(sql`select 9007199254740993::int8 as big`.execute(database.db)).rejects.toThrow(RangeError);
  });

  it('serialises read-modify-write under for update: ten racing increments all land', async () => {
    const before = await counter();
    await Promise.all(
      Array.from({ length: 10 }, () =>
        database.db.transaction().execute(async (trx) => {
          const { n } = (await sql<{ n: number }>`select n from contract_rows where id = 1 for update`.execute(trx))
            .rows[0]!;
          // A statement, not a timer: a transaction awaits only statements (postgres-js-dialect.ts).
          await sql`select pg_sleep(0.002)`.execute(trx);
          await sql`update contract_rows set n = ${Number(n) + 1} where id = 1`.execute(trx);
        }),
      ),
    );
    expect(await counter()).toBe(before + 10);
  });

  it('holds a transaction-scoped advisory lock until the transaction ends', async () => {
    const order: string[] = [];
    const holder = (name: string) =>
      database.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtextextended('contract-lock', 0))`.execute(trx);
        order.push(`${name} in`);
        await sql`select pg_sleep(0.02)`.execute(trx);
        order.push(`${name} out`);
      });
    await Promise.all([holder('a'), holder('b')]);
    expect(order).toEqual(
      order[0] === 'a in' ? ['a in', 'a out', 'b in', 'b out'] : ['b in', 'b out', 'a in', 'a out'],
    );
  });

  it('commits with a last statement, rolls back when it fails, and refuses anything after it', async () => {
    const before = await counter();
    await database.db.transaction().execute(async (trx) => {
      await trx.executeQuery(lastStatement(sql`update contract_rows set n = n + 1 where id = 1`.compile(trx)));
    });
    expect(await counter()).toBe(before + 1);

    await database.db
      .transaction()
      .execute(async (trx) => {
        await sql`update contract_rows set n = n + 100 where id = 1`.execute(trx);
        await trx.executeQuery(lastStatement(sql`update contract_rows set n = -1 where id = 1`.compile(trx)));
      })
      .catch(() => undefined);
    expect(await counter()).toBe(before + 1);

    const after = await database.db
      .transaction()
      .execute(async (trx) => {
        await trx.executeQuery(lastStatement(sql`update contract_rows set n = n + 1 where id = 1`.compile(trx)));
        await sql`update contract_rows set n = n + 1 where id = 1`.execute(trx);
      })
      .catch((e: unknown) => e);
    expect(after).toBeInstanceOf(TransactionEndedError);
    expect(await counter()).toBe(before + 2);
  });
});
