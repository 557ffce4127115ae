import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/connect.ts';
import { MIGRATIONS_DIR, migrate, SEED_FILE } from '../../src/server/db/migrate.ts';
import { emptyDatabase } from '../support/empty-database.ts';

/**
 * The migration that made payment_sessions (issue 43) backfills the sessions the shop had
 * opened before it: a database migrated up to the file before it and seeded (the demo shop's
 * checkouts), with a payment request's session, a paid request's and a combined payment's
 * added in the old columns, gets one row per session naming its owner, what it charges and
 * its state when the migration runs.
 */
const MIGRATION = '20261129120200_payment_sessions.sql';

/** Applies the migrations before `MIGRATION`, then the seed, recording each as migrate() does. */
async function migrateUpTo(handle: DatabaseHandle) {
  await handle.execScript(
    'create table if not exists public.schema_migrations (version text primary key, applied_at timestamptz not null default now());',
  );
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql') && f < MIGRATION)
    .sort();
  const scripts = [...files.map((f) => [f, join(MIGRATIONS_DIR, f)]), ['seed/seed.sql', SEED_FILE]];
  for (const [version, path] of scripts) {
    await handle.execScript(
      `${readFileSync(path!, 'utf8')}\n;insert into public.schema_migrations (version) values ('${version}');`,
    );
  }
}

describe('the payment_sessions migration', () => {
  it('backfills every session the orders, requests and combined payments name', { timeout: 120_000 }, async () => {
    const { handle, drop } = await emptyDatabase('postgres');
    try {
      await migrateUpTo(handle);
      const db = handle.db;
      const paidOrder = await db
        .selectFrom('orders')
        .select(['id', 'total_cents'])
        .where('status', '=', 'paid')
        .where('payment_session_id', 'is not', null)
        .orderBy('created_at')
        .executeTakeFirstOrThrow();
      // A request's session with its bank payment settling, and a request paid (its payment names the session).
      const [settling, paid, together] = await sql<{ id: string }>`
        insert into public.payment_requests (order_id, kind, amount_cents, status, session_id, session_amount_cents, processing_since, paid_at)
        values (${paidOrder.id}, 'amount', 1500, 'open', 'cs_backfill_settling', 1500, now(), null),
               (${paidOrder.id}, 'amount', 700, 'paid', 'cs_backfill_paid', 700, null, now()),
               (${paidOrder.id}, 'amount', 900, 'open', 'cs_backfill_together', 900, null, null)
        returning id`
        .execute(db)
        .then((r) => r.rows);
      await sql`insert into public.order_payments (order_id, request_id, amount_cents, method, provider, provider_session_id, paid_at)
        values (${paidOrder.id}, ${paid!.id}, 700, 'card', 'stripe', 'cs_backfill_paid', now())`.execute(db);
      const user = await sql<{
        id: string;
      }>`insert into public.users (email) values ('backfill@example.com') returning id`
        .execute(db)
        .then((r) => r.rows[0]!);
      const combined = await sql<{ id: string }>`
        insert into public.combined_payments (user_id, provider, session_id, amount_cents)
        values (${user.id}, 'stripe', 'cs_backfill_together', 900) returning id`
        .execute(db)
        .then((r) => r.rows[0]!);

      const result = await migrate(handle, { seed: true });
      expect(result.applied).toContain(MIGRATION);

      const sessions = await db.selectFrom('payment_sessions').selectAll().execute();
      const bySession = new Map(sessions.map((s) => [s.provider_session_id, s]));
      expect(bySession.get('cs_backfill_settling')).toMatchObject({
        purpose: 'request',
        order_id: paidOrder.id,
        payment_request_id: settling!.id,
        combined_payment_id: null,
        amount_cents: 1500,
        state: 'processing',
      });
      expect(bySession.get('cs_backfill_paid')).toMatchObject({
        purpose: 'request',
        payment_request_id: paid!.id,
        amount_cents: 700,
        state: 'paid',
      });
      // The combined payment's session is on its request too: it is the combined payment's.
      expect(bySession.get('cs_backfill_together')).toMatchObject({
        purpose: 'combined',
        order_id: null,
        payment_request_id: null,
        combined_payment_id: combined.id,
        amount_cents: 900,
        state: 'open',
      });
      expect(together).toBeDefined();

      const orders = await db
        .selectFrom('orders')
        .select(['id', 'status', 'payment_session_id', 'payment_provider', 'total_cents', 'deposit_cents', 'store_id'])
        .where('payment_session_id', 'is not', null)
        .execute();
      expect(orders.length).toBeGreaterThan(3);
      for (const order of orders) {
        const state =
          order.status === 'paid' ? /^paid$/ : order.status === 'cancelled' ? /^expired$/ : /^(open|processing)$/;
        expect(bySession.get(order.payment_session_id!), order.payment_session_id!).toMatchObject({
          purpose: order.store_id ? 'store' : 'checkout',
          provider: order.payment_provider,
          order_id: order.id,
          amount_cents: order.deposit_cents ?? order.total_cents,
          state: expect.stringMatching(state),
        });
      }
      expect(sessions).toHaveLength(orders.length + 3);
    } finally {
      await drop();
    }
  });
});
