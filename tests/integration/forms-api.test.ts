import { sql } from 'kysely';
import { runSweep, SWEEP_JOBS } from '../../src/server/sweep/run-sweep.ts';
import { forgetEndedThrottleWindows } from '../../src/server/throttle/throttle.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import contact from '../../netlify/functions/contact.mts';
import newsletter from '../../netlify/functions/newsletter.mts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

// No SMTP_URL: the embedded default, where mail is kept in the outbox and printed to the log.
delete process.env['SMTP_URL'];

type Handler = typeof contact;
let ipCounter = 0;
/** A fresh client address, so only the throttling tests ever meet the limit. */
const freshIp = () => `203.0.113.${++ipCounter}`;

const postJson = (
  handler: Handler,
  path: string,
  body: unknown,
  init: { ip?: string; headers?: Record<string, string> } = {},
) =>
  callFunction(handler, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ip: init.ip ?? freshIp(),
  });
const postForm = (handler: Handler, path: string, fields: Record<string, string>, ip = freshIp()) =>
  callFunction(handler, path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:4321' },
    body: new URLSearchParams(fields).toString(),
    ip,
  });

const VALID = {
  fullName: 'Maria Delgado',
  emailAddress: 'maria.delgado@example.com',
  subject: 'Event Partnerships',
  message: 'We need 200 shirts for the county fair.',
};

describe.each(DATABASE_KINDS)('the contact and newsletter endpoints on %s', (kind) => {
  let database: TestDatabase;
  const count = async (table: 'contact_messages' | 'newsletter_subscribers' | 'email_outbox' | 'discount_codes') =>
    (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(database.db)).rows[0]!.n;
  const log = vi.spyOn(console, 'log');

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());
  afterEach(() => log.mockClear());

  describe('POST /api/contact', () => {
    it('stores the message, queues both e-mails and prints them to the log without SMTP', async () => {
      const res = await postJson(contact, '/api/contact', VALID);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ ok: true });

      const stored = await database.db
        .selectFrom('contact_messages')
        .select(['full_name', 'email', 'subject', 'message'])
        .where('email', '=', VALID.emailAddress)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({
        full_name: VALID.fullName,
        email: VALID.emailAddress,
        subject: VALID.subject,
        message: VALID.message,
      });
      const mails = await database.db
        .selectFrom('email_outbox')
        .select(['to_address', 'reply_to', 'template_name', 'subject', 'status'])
        .where('template_name', 'like', 'contact-%')
        .orderBy('template_name')
        .execute();
      expect(mails).toEqual([
        {
          to_address: VALID.emailAddress,
          reply_to: null,
          template_name: 'contact-acknowledgement',
          subject: 'We got your message, Maria Delgado',
          status: 'sent',
        },
        {
          to_address: 'hello@westtexasprints.example',
          reply_to: VALID.emailAddress,
          template_name: 'contact-notification',
          subject: 'New Event Partnerships message from Maria Delgado',
          status: 'sent',
        },
      ]);
      const printed = log.mock.calls.map((c) => String(c[0])).join('\n');
      expect(printed).toContain('[mail] To: hello@westtexasprints.example');
      expect(printed).toContain(`[mail] Reply-To: ${VALID.emailAddress}`);
      expect(printed).toContain('[mail] Subject: New Event Partnerships message from Maria Delgado');
      expect(printed).toContain('[mail]   We need 200 shirts for the county fair.');
    });

    it('refuses missing and malformed fields with the form’s own messages, storing nothing', async () => {
      const before = await count('contact_messages');
      const empty = await postJson(contact, '/api/contact', {});
      expect(empty.status).toBe(400);
      expect(((await empty.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
        fullName: 'Name is required',
        emailAddress: 'Email is required',
        subject: 'Please select an option',
        message: 'Message is required',
      });
      const sloppy = await postJson(contact, '/api/contact', {
        ...VALID,
        fullName: '   ',
        emailAddress: 'maria@example',
        subject: 'Complaint',
      });
      expect(((await sloppy.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
        fullName: 'Name is required',
        emailAddress: 'Please enter a valid email',
        subject: 'Please select an option',
      });
      expect((await postJson(contact, '/api/contact', { ...VALID, extra: 1 })).status).toBe(400);
      expect((await postJson(contact, '/api/contact', '{"fullName":')).status).toBe(400);
      expect((await postJson(contact, '/api/contact', '[1,2]')).status).toBe(400);
      expect(await count('contact_messages')).toBe(before);
    });

    it.each([
      ['fullName', 'Mallory\r\nBcc: everyone@example.com'],
      ['fullName', 'Mallory\nBcc: everyone@example.com'],
      ['emailAddress', 'mallory@example.com\r\nBcc: everyone@example.com'],
      ['emailAddress', 'mallory@example.com\nCc: everyone@example.com'],
      ['subject', 'Other\r\nBcc: everyone@example.com'],
    ])('refuses a line break in %s (mail header injection)', async (field, value) => {
      const before = await count('email_outbox');
      const res = await postJson(contact, '/api/contact', { ...VALID, [field]: value });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { fields: Record<string, string> } };
      expect(Object.keys(body.error.fields)).toEqual([field]);
      expect(await count('email_outbox')).toBe(before);
    });

    it('refuses an oversized body (413) and other media types (415)', async () => {
      const before = await count('contact_messages');
      const huge = await postJson(contact, '/api/contact', { ...VALID, message: 'x'.repeat(70_000) });
      expect(huge.status).toBe(413);
      // A body larger than it claims is cut off while it streams in.
      const lying = await postJson(
        contact,
        '/api/contact',
        { ...VALID, message: 'y'.repeat(70_000) },
        {
          headers: { 'content-length': '10' },
        },
      );
      expect(lying.status).toBe(413);
      const tooLong = await postJson(contact, '/api/contact', { ...VALID, message: 'z'.repeat(5001) });
      expect(tooLong.status).toBe(400);
      const text = await callFunction(contact, '/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'hello',
        ip: freshIp(),
      });
      expect(text.status).toBe(415);
      expect(await count('contact_messages')).toBe(before);
    });

    it('answers a filled honeypot exactly like a real message and drops it', async () => {
      const before = { messages: await count('contact_messages'), mails: await count('email_outbox') };
      const bot = await postJson(contact, '/api/contact', { ...VALID, website: 'https://cheap-pills.example' });
      expect(bot.status).toBe(200);
      expect(await bot.json()).toEqual({ ok: true });
      const botForm = await postForm(contact, '/api/contact', { ...VALID, website: 'spam' });
      expect(botForm.status).toBe(200);
      expect(await botForm.json()).toEqual({ ok: true });
      expect(await count('contact_messages')).toBe(before.messages);
      expect(await count('email_outbox')).toBe(before.mails);
    });

    it('refuses a form posted from another site', async () => {
      const res = await callFunction(contact, '/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
        body: new URLSearchParams(VALID).toString(),
        ip: freshIp(),
      });
      expect(res.status).toBe(403);
    });
  });

  describe('throttling', () => {
    it('allows 10 posts per client in 10 minutes, then answers 429 with Retry-After', async () => {
      const ip = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        statuses.push((await postJson(contact, '/api/contact', { ...VALID, message: `Message ${i}` }, { ip })).status);
      }
      expect(statuses).toEqual(Array(10).fill(200));
      const before = await count('contact_messages');
      const refused = await postJson(contact, '/api/contact', VALID, { ip });
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('throttled');
      expect(await count('contact_messages')).toBe(before);

      // Bots count too: a filled honeypot is throttled like anything else.
      expect((await postJson(contact, '/api/contact', { ...VALID, website: 'x' }, { ip })).status).toBe(429);
      // The form's page counts in the same throttle (tests/pages/form-pages.test.ts).

      // Other clients, and the same client on another form, are not affected.
      expect((await postJson(contact, '/api/contact', VALID)).status).toBe(200);
      expect(
        (await postJson(newsletter, '/api/newsletter', { email: `throttle.${kind}@example.com` }, { ip })).status,
      ).toBe(200);

      // When the window has passed the client may post again, and the sweep deletes ended windows.
      await sql`update request_throttle set window_start = window_start - interval '2 hours'`.execute(database.db);
      expect((await postJson(contact, '/api/contact', VALID, { ip })).status).toBe(200);
      expect(SWEEP_JOBS).toContain(forgetEndedThrottleWindows);
      expect((await runSweep(database.db, [forgetEndedThrottleWindows])).done).toHaveProperty(
        'forget-ended-throttle-windows',
      );
      const windows = await sql<{
        n: number;
      }>`select count(*)::int as n from request_throttle where window_start < now() - interval '30 minutes'`.execute(
        database.db,
      );
      expect(windows.rows[0]!.n).toBe(0);
    });
  });

  describe('POST /api/newsletter', () => {
    it('keeps one row per address however often it signs up, answering the same every time', async () => {
      const codes = await count('discount_codes');
      const mails = await count('email_outbox');
      const answers: [number, string][] = [];
      for (const email of ['Sam.Hill@example.com', 'sam.hill@example.com', ' SAM.HILL@EXAMPLE.COM ']) {
        const res = await postJson(newsletter, '/api/newsletter', { email });
        answers.push([res.status, await res.text()]);
      }
      // Several at the very same moment, too.
      const parallel = await Promise.all(
        Array.from({ length: 4 }, () => postJson(newsletter, '/api/newsletter', { email: 'sam.hill@example.com' })),
      );
      for (const res of parallel) answers.push([res.status, await res.text()]);
      expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify([200, '{"ok":true}'])]));

      const rows = await database.db
        .selectFrom('newsletter_subscribers')
        .select(['email', 'discount_code_id'])
        .where(sql`lower(email)`, '=', 'sam.hill@example.com')
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.email).toBe('Sam.Hill@example.com');
      expect(rows[0]!.discount_code_id).not.toBeNull();
      expect(await count('discount_codes')).toBe(codes + 1);
      expect(await count('email_outbox')).toBe(mails + 1);

      // An existing subscriber from the demo data gets the same answer and no second code.
      const known = await postJson(newsletter, '/api/newsletter', { email: 'becca.nguyen@example.com' });
      expect([known.status, await known.text()]).toEqual([200, '{"ok":true}']);
      expect(await count('discount_codes')).toBe(codes + 1);
    });

    it('subscribes an address again after it unsubscribed, without a second welcome', async () => {
      const email = `back.${kind}@example.com`;
      await postJson(newsletter, '/api/newsletter', { email });
      await database.db
        .updateTable('newsletter_subscribers')
        .set({ unsubscribed_at: sql`now()` })
        .where('email', '=', email)
        .execute();
      const mails = await count('email_outbox');
      expect((await postJson(newsletter, '/api/newsletter', { email })).status).toBe(200);
      const row = await database.db
        .selectFrom('newsletter_subscribers')
        .select('unsubscribed_at')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.unsubscribed_at).toBeNull();
      expect(await count('email_outbox')).toBe(mails);
    });

    it.each(['plainaddress', 'a@bc', 'name@domain,com', 'name@domainXcom', 'a b@c.de', 'a@b..c', ''])(
      'refuses %j with "Enter a valid email"',
      async (email) => {
        const before = await count('newsletter_subscribers');
        const res = await postJson(newsletter, '/api/newsletter', { email });
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
          email: 'Enter a valid email',
        });
        expect(await count('newsletter_subscribers')).toBe(before);
      },
    );

    it('drops a filled honeypot quietly', async () => {
      const before = await count('newsletter_subscribers');
      const res = await postJson(newsletter, '/api/newsletter', { email: 'bot@example.com', website: 'x' });
      expect([res.status, await res.text()]).toEqual([200, '{"ok":true}']);
      expect(await count('newsletter_subscribers')).toBe(before);
    });
  });
});
