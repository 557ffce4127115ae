import { randomBytes } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import resetFn from '../../netlify/functions/staff-password-reset.mts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import {
  RESET_ACCOUNT_THROTTLE,
  RESET_ANSWER_MS,
  RESET_CLIENT_THROTTLE,
} from '../../src/server/staff/password-resets.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/** Issue 45: "Forgot password" says the same, in the same time, for any address; throttled per address and per account. */

type Fn = (req: Request, context: Context) => Promise<Response>;

const askReset = (body: unknown, ip?: string) =>
  callFunction(resetFn as Fn, '/api/staff/password-reset', {
    method: 'POST',
    ...(ip ? { ip } : {}),
    headers: { 'content-type': 'application/json', origin: 'http://localhost:4321' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword('shop', { N: 2 ** 14 })),
    tokenSecret: randomBytes(32),
  });
});
afterAll(() => installAdminCredentials(undefined));

describe.each(DATABASE_KINDS)('staff password reset requests on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    for (const [email, status] of [
      ['maria@shop.test', 'active'],
      ['tess@shop.test', 'active'],
      ['sid@shop.test', 'suspended'],
      ['kim@shop.test', 'active'],
      ['kai@shop.test', 'active'],
      ['kit@shop.test', 'active'],
    ] as const) {
      await database.db
        .insertInto('staff_accounts')
        .values({ email, name: email, role: 'office', status, password_hash: await hashPassword('a-long-password') })
        .execute();
    }
  });
  afterAll(() => database.dispose());

  const outbox = async () =>
    Number(
      (
        await database.db
          .selectFrom('email_outbox')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('template_name', '=', 'staff-password-reset')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers a known, an unknown and a suspended address alike, and mails only the active person', async () => {
    const timed = async (email: string) => {
      const start = performance.now();
      const res = await askReset({ email });
      return { status: res.status, body: await res.json(), ms: performance.now() - start };
    };
    const sentBefore = await outbox();
    const known = await timed('maria@shop.test');
    const unknown = await timed('nobody@shop.test');
    const suspended = await timed('sid@shop.test');
    expect(known.status).toBe(202);
    expect(unknown).toMatchObject({ status: 202, body: known.body });
    expect(suspended).toMatchObject({ status: 202, body: known.body });
    expect(await outbox()).toBe(sentBefore + 1);
    // The same time: every answer waits out the same floor, the known one included; compared by
    // the median of three of each (one slow query on a shared machine is not a tell).
    for (const { ms } of [known, unknown, suspended]) expect(ms).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 5);
    const median = async (emails: string[]) => {
      const times = [];
      for (const email of emails) times.push((await timed(email)).ms);
      return times.sort((a, b) => a - b)[1]!;
    };
    const knownMedian = await median(['kim@shop.test', 'kai@shop.test', 'kit@shop.test']);
    const unknownMedian = await median(['nemo@shop.test', 'none@shop.test', 'nil@shop.test']);
    expect(Math.abs(knownMedian - unknownMedian)).toBeLessThan(RESET_ANSWER_MS / 2);
  });

  it('throttles one address from many connections, known or not, and leaves another alone', async () => {
    for (const email of ['tess@shop.test', 'ghost@shop.test']) {
      for (let i = 0; i < RESET_ACCOUNT_THROTTLE.limit; i++) {
        expect((await askReset({ email }, `10.46.${email.length}.${i + 1}`)).status).toBe(202);
      }
      const refused = await askReset({ email }, '10.46.9.9');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect((await askReset({ email: 'maria@shop.test' }, '10.46.9.10')).status).toBe(202);
  });

  it('throttles one connection asking for many addresses', async () => {
    const ip = '10.47.0.1';
    for (let i = 0; i < RESET_CLIENT_THROTTLE.limit; i++) {
      expect((await askReset({ email: `guess-${i}@shop.test` }, ip)).status).toBe(202);
    }
    expect((await askReset({ email: 'guess-last@shop.test' }, ip)).status).toBe(429);
  });

  it('refuses what is not an address with 400 and stores nothing', async () => {
    const sentBefore = await outbox();
    const resets = () => database.db.selectFrom('staff_password_resets').select(['id', 'token_hash']).execute();
    const resetsBefore = await resets();
    for (const body of [{}, { email: 'not an address' }, { email: 'a@b.test', extra: 1 }, { email: 'x'.repeat(300) }]) {
      expect((await askReset(body)).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect(await outbox()).toBe(sentBefore);
    expect(await resets()).toEqual(resetsBefore);
  });
});
