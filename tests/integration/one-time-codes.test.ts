import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CODE_MAX_TRIES,
  CODES_PER_ADDRESS,
  CODES_PER_CLIENT,
  CHECKS_PER_CLIENT,
  checkCode,
  requestCode,
} from '../../src/server/auth/one-time-codes.ts';
import { customerCodeDelivery } from '../../src/server/customers/customer-codes.ts';
import { forgetEndedCustomerSignIns, openCustomerSession } from '../../src/server/customers/customer-sessions.ts';
import { SWEEP_JOBS } from '../../src/server/sweep/run-sweep.ts';
import { Invalid, Throttled } from '../../src/server/errors.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/** Issue 48: one-time e-mailed codes (10 minutes, 5 tries, once, throttled, no hint for unknown addresses). */

describe.each(DATABASE_KINDS)('one-time codes on %s', (kind) => {
  let database: TestDatabase;
  let ipCounter = 0;
  /** A fresh client address per test, so one test's throttle counts never reach another's. */
  let ip = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.dispose());
  beforeEach(() => {
    ipCounter += 1;
    ip = `198.51.100.${ipCounter}`;
  });

  const customer = async (email: string) => {
    await database.db.insertInto('users').values({ email, full_name: 'Dana Ruiz' }).execute();
    return email.toLowerCase();
  };
  const ask = (email: string, from = ip) => requestCode(database.db, 'customer', email, from, customerCodeDelivery);
  const check = (email: string, code: string, from = ip) => checkCode(database.db, 'customer', email, code, from);
  const mailsTo = (email: string) =>
    database.db
      .selectFrom('email_outbox')
      .select(['text_body', 'subject', 'template_name'])
      .where('to_address', '=', email)
      .orderBy('created_at', 'desc')
      .execute();
  const lastCode = async (email: string) => /\b(\d{6})\b/.exec((await mailsTo(email))[0]?.text_body ?? '')?.[1] ?? '';
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const refusedWith = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    return error;
  };

  it('e-mails a six-digit code through the outbox template; only its hash is stored; it opens once', async () => {
    const email = await customer('Dana.Ruiz@Example.com');
    await ask('  dana.ruiz@example.COM ');
    const [mail] = await mailsTo(email);
    expect(mail?.template_name).toBe('customer-sign-in-code');
    const code = await lastCode(email);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.subject).toContain(code);
    expect(mail?.text_body).toMatch(/until \w{3}, \w{3} \d{1,2}, \d{4}/);
    const row = await database.db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.purpose).toBe('customer');
    expect(row.code_hash).not.toContain(code);
    expect(await check('DANA.RUIZ@example.com', ` ${code.slice(0, 3)} ${code.slice(3)} `)).toBe(true);
    // Replayed: used once, it opens nothing again.
    expect(await check(email, code)).toBe(false);
  });

  it('an unknown address gets the same answer and nothing is stored or sent', async () => {
    await expect(ask('nobody-here@example.com')).resolves.toBeUndefined();
    expect(await mailsTo('nobody-here@example.com')).toEqual([]);
    const rows = await database.db
      .selectFrom('one_time_codes')
      .select('email')
      .where('email', '=', 'nobody-here@example.com')
      .execute();
    expect(rows).toEqual([]);
    expect(await check('nobody-here@example.com', '123456')).toBe(false);
  });

  it('a code expires after 10 minutes', async () => {
    const email = await customer('expiry@example.com');
    await ask(email);
    const code = await lastCode(email);
    const row = await database.db
      .selectFrom('one_time_codes')
      .select(['created_at', 'expires_at'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(10 * 60_000);
    await database.db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .execute();
    expect(await check(email, code)).toBe(false);
  });

  it(`after ${CODE_MAX_TRIES} wrong tries even the right code opens nothing; a new code does`, async () => {
    const email = await customer('tries@example.com');
    await ask(email);
    const code = await lastCode(email);
    for (let i = 0; i < CODE_MAX_TRIES; i++) expect(await check(email, wrong(code))).toBe(false);
    expect(await check(email, code)).toBe(false);
    await ask(email);
    const fresh = await lastCode(email);
    expect(await check(email, code === fresh ? wrong(fresh) : code)).toBe(false);
    expect(await check(email, fresh)).toBe(true);
  });

  it('a code opens only the address it was sent to, and asking again replaces the old one', async () => {
    const ann = await customer('ann@example.com');
    const bob = await customer('bob@example.com');
    await ask(ann);
    await ask(bob);
    const annCode = await lastCode(ann);
    const bobCode = await lastCode(bob);
    if (annCode !== bobCode) expect(await check(bob, annCode)).toBe(false);
    await ask(ann);
    const second = await lastCode(ann);
    if (second !== annCode) expect(await check(ann, annCode)).toBe(false);
    expect(await check(ann, second)).toBe(true);
    expect(await check(bob, bobCode)).toBe(true);
  });

  it(`one address is sent at most ${CODES_PER_ADDRESS.limit} codes an hour, whoever asks (429, known or not)`, async () => {
    const email = await customer('flooded@example.com');
    for (let i = 0; i < CODES_PER_ADDRESS.limit; i++) await ask(email, `203.0.113.${i + 1}`);
    const error = await refusedWith(ask(email, '203.0.113.99'));
    expect(error).toBeInstanceOf(Throttled);
    expect((error as Throttled).retryAfterSeconds).toBeGreaterThan(0);
    expect(await mailsTo(email)).toHaveLength(CODES_PER_ADDRESS.limit);
    for (let i = 0; i < CODES_PER_ADDRESS.limit; i++) await ask('unknown-flood@example.com', `203.0.114.${i + 1}`);
    expect(await refusedWith(ask('unknown-flood@example.com', '203.0.114.99'))).toBeInstanceOf(Throttled);
  });

  it(`one client may ask for ${CODES_PER_CLIENT.limit} codes an hour, for any addresses (429)`, async () => {
    for (let i = 0; i < CODES_PER_CLIENT.limit; i++) await ask(`probe${i}@example.com`);
    expect(await refusedWith(ask('probe-last@example.com'))).toBeInstanceOf(Throttled);
  });

  it(`one client may type ${CHECKS_PER_CLIENT.limit} codes in 15 minutes across addresses (429)`, async () => {
    for (let i = 0; i < CHECKS_PER_CLIENT.limit; i++)
      expect(await check(`guess${i}@example.com`, '000000')).toBe(false);
    const email = await customer('late@example.com');
    await ask(email, '192.0.2.200');
    expect(await refusedWith(check(email, await lastCode(email)))).toBeInstanceOf(Throttled);
    // From another connection the same code still opens (the refusal counted no try).
    expect(await check(email, await lastCode(email), '192.0.2.201')).toBe(true);
  });

  it('refuses what is not an e-mail address with 400 before counting or storing anything', async () => {
    expect(await refusedWith(ask('not-an-address'))).toBeInstanceOf(Invalid);
    expect(await refusedWith(check('x@y', '123456'))).toBeInstanceOf(Invalid);
  });

  it('the sweep forgets codes and customer sessions a day past their end, and keeps live ones', async () => {
    expect(SWEEP_JOBS).toContain(forgetEndedCustomerSignIns);
    const email = await customer('sweep@example.com');
    await ask(email);
    const live = await openCustomerSession(database.db, email, 'Chrome on Linux');
    await openCustomerSession(database.db, email, 'Old phone');
    await database.db
      .updateTable('customer_sessions')
      .set({ expires_at: new Date(Date.now() - 2 * 86_400_000) })
      .where('device', '=', 'Old phone')
      .execute();
    expect(live).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await forgetEndedCustomerSignIns.run(database.db);
    const sessions = await database.db
      .selectFrom('customer_sessions')
      .select('device')
      .where('email', '=', email)
      .execute();
    expect(sessions.map((s) => s.device)).toEqual(['Chrome on Linux']);
    expect(
      await database.db.selectFrom('one_time_codes').select('email').where('email', '=', email).execute(),
    ).toHaveLength(1);
    await database.db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 2 * 86_400_000) })
      .where('email', '=', email)
      .execute();
    expect(await forgetEndedCustomerSignIns.run(database.db)).toMatch(/^forgot \d+ ended customer/);
    expect(await database.db.selectFrom('one_time_codes').select('email').where('email', '=', email).execute()).toEqual(
      [],
    );
  });
});
