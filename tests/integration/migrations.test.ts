import { readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/connect.ts';
import { MIGRATIONS_DIR, migrate } from '../../src/server/db/migrate.ts';
import { DRIVER_KINDS } from '../support/databases.ts';
import { emptyDatabase } from '../support/empty-database.ts';

async function count(handle: DatabaseHandle, query: string) {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from (${sql.raw(query)}) q`.execute(handle.db);
  return rows[0]!.n;
}

describe.each(DRIVER_KINDS)('migrations on %s', (kind) => {
  it('apply every file once, then nothing on a second run, and seed a believable shop', {
    timeout: 120_000,
  }, async () => {
    const { handle, drop } = await emptyDatabase(kind);
    try {
      const files = readdirSync(MIGRATIONS_DIR)
        .filter((f) => f.endsWith('.sql'))
        .sort();
      const first = await migrate(handle, { seed: true });
      expect(first.applied).toEqual([...files, 'seed/seed.sql']);
      const second = await migrate(handle, { seed: true });
      expect(second.applied).toEqual([]);
      expect(second.skipped).toHaveLength(files.length + 1);

      expect(await count(handle, 'select * from collections')).toBeGreaterThanOrEqual(6);
      expect(await count(handle, 'select * from collections where is_featured')).toBeGreaterThanOrEqual(3);
      expect(await count(handle, "select * from collections where slug = 'city-champ-golf' and is_featured")).toBe(1);
      expect(await count(handle, 'select * from products')).toBeGreaterThanOrEqual(40);
      expect(await count(handle, 'select * from services')).toBe(5);
      expect(await count(handle, 'select distinct type from discount_codes')).toBe(3);
      // Every payment state, and paid jobs both at the shop and handed over.
      expect(await count(handle, 'select distinct status from orders')).toBe(3);
      expect(await count(handle, "select distinct stage from orders where status = 'paid'")).toBe(2);
      // Sold-out, nearly sold-out and single "fits all" products exist for the storefront's states.
      expect(
        await count(handle, 'select product_id from product_variants group by product_id having sum(stock_qty) = 0'),
      ).toBeGreaterThan(0);
      expect(await count(handle, 'select * from product_variants where stock_qty between 1 and 3')).toBeGreaterThan(0);
      expect(
        await count(
          handle,
          "select * from product_sizes ps join sizes s on s.id = ps.size_id where s.name = 'fits all'",
        ),
      ).toBeGreaterThan(0);
    } finally {
      await drop();
    }
  });

  it('leave row level security on for every table in the public schema', { timeout: 120_000 }, async () => {
    const { handle, drop } = await emptyDatabase(kind);
    try {
      await migrate(handle);
      const { rows } = await sql<{ relname: string; relrowsecurity: boolean }>`
        select relname, relrowsecurity from pg_class
        where relkind in ('r', 'p') and relnamespace = 'public'::regnamespace order by relname`.execute(handle.db);
      expect(rows.length).toBeGreaterThanOrEqual(20);
      expect(rows.filter((r) => !r.relrowsecurity).map((r) => r.relname)).toEqual([]);
    } finally {
      await drop();
    }
  });

  it('roll a failing file back whole and record nothing for it', { timeout: 120_000 }, async () => {
    const { handle, drop } = await emptyDatabase(kind);
    try {
      await expect(handle.execScript('create table half_done (id int); select 1/0;')).rejects.toThrow(
        /division by zero/,
      );
      expect(await count(handle, "select * from pg_class where relname = 'half_done'")).toBe(0);
    } finally {
      await drop();
    }
  });
});
