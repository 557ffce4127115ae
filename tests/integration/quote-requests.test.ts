import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminQuoteRequests from '../../netlify/functions/admin-quote-requests.mts';
import quoteRequests from '../../netlify/functions/quote-requests.mts';
import type { AdminQuoteRequest } from '../../src/lib/admin-schemas/index.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { adminProductSaves, type ErrorBody } from '../support/admin-product-saves.ts';
import { callFunction, newVisitorIp } from '../support/call-function.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * Quote requests (docs/decisions/0017-quotes.md, first part): the customer's request through the
 * JSON API, and the owner's list.
 */
const { authorization } = adminProductSaves();
const ORIGIN = 'http://localhost:4321';

const VALID = {
  what: 'Vinyl event banners, 3 × 6 ft',
  quantity: '300',
  sizes: '',
  colors: 'Full colour',
  printLocations: 'One side',
  inHandsDate: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
  budget: 'about $6,000',
  notes: 'Grommets every 2 ft.\nDelivered to the fairgrounds.',
  product: '',
  service: 'banners-signs',
  fullName: 'Dana Whitfield',
  emailAddress: 'dana.whitfield@example.com',
  phone: '+1 (432) 555-0199',
  website: '',
};

describe.each(DATABASE_KINDS)('quote requests on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  const postForm = (fields: Record<string, string>, ip = newVisitorIp()) =>
    callFunction(quoteRequests, '/api/quote-requests', {
      method: 'POST',
      ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: new URLSearchParams(fields).toString(),
    });
  const postJson = (body: unknown, ip = newVisitorIp()) =>
    callFunction(quoteRequests, '/api/quote-requests', {
      method: 'POST',
      ip,
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify(body),
    });
  const list = async (query = '') =>
    (await (
      await callFunction(adminQuoteRequests, `/api/quote-requests${query}`, { headers: { authorization } })
    ).json()) as AdminQuoteRequest[];
  const mailsTo = (address: string) =>
    database.db
      .selectFrom('email_outbox')
      .select(['template_name', 'subject', 'text_body', 'reply_to'])
      .where('to_address', '=', address)
      .orderBy('created_at')
      .execute();

  it('takes a form-encoded post, answers the reference, e-mails the customer and the shop', async () => {
    const service = await database.db.selectFrom('services').select(['id', 'slug']).executeTakeFirstOrThrow();
    const res = await postForm({ ...VALID, service: service.slug });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const { reference } = (await res.json()) as { reference: string };
    expect(reference).toMatch(/^Q-\d+$/);

    const [stored] = await list();
    expect(stored).toMatchObject({
      reference,
      status: 'new',
      what: 'Vinyl event banners, 3 × 6 ft',
      quantity: 300,
      sizes: null,
      colors: 'Full colour',
      in_hands_date: VALID.inHandsDate,
      notes: 'Grommets every 2 ft.\nDelivered to the fairgrounds.',
      full_name: 'Dana Whitfield',
      email: 'dana.whitfield@example.com',
      phone: '+1 (432) 555-0199',
      product: null,
      service: { id: service.id, slug: service.slug },
    });
    const detail = await callFunction(adminQuoteRequests, `/api/quote-requests/${stored!.id}`, {
      params: { id: stored!.id },
      headers: { authorization },
    });
    expect(((await detail.json()) as AdminQuoteRequest).reference).toBe(reference);

    const [ack] = await mailsTo('dana.whitfield@example.com');
    expect(ack?.template_name).toBe('quote-request-received');
    expect(ack?.subject).toBe(`We got your quote request ${reference}`);
    expect(ack?.text_body).toContain('300 x Vinyl event banners, 3 × 6 ft');
    const shop = (await mailsTo('hello@westtexasprints.example')).find(
      (m) => m.template_name === 'quote-request-notification',
    );
    expect(shop?.subject).toBe(`Quote request ${reference}: 300 x Vinyl event banners, 3 × 6 ft`);
    expect(shop?.reply_to).toBe('dana.whitfield@example.com');
  });

  it('answers JSON with the reference, and numbers the requests in order', async () => {
    const first = (await (await postJson({ ...VALID, service: undefined })).json()) as {
      ok: boolean;
      reference: string;
    };
    const second = (await (await postJson({ ...VALID, what: 'Jerseys with numbers', quantity: '24' })).json()) as {
      reference: string;
    };
    expect(first.ok).toBe(true);
    expect(Number(second.reference.slice(2))).toBe(Number(first.reference.slice(2)) + 1);
  });

  it('refuses missing and absurd fields with a message each, storing nothing; the honeypot stores nothing', async () => {
    const before = await snapshot(database.db);
    const bad = await postJson({
      ...VALID,
      what: ' ',
      quantity: '0',
      emailAddress: 'nope',
      phone: 'call me',
      inHandsDate: '2020-01-01',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.fields).toEqual({
      what: 'Tell us what you need printed',
      quantity: 'Enter a whole number from 1 to 100,000',
      emailAddress: 'Please enter a valid email',
      phone: 'Use digits, spaces and + ( ) - only',
      inHandsDate: 'Choose a date from today to a year ahead',
    });
    for (const quantity of ['1000001', '2.5', 'lots', '']) {
      expect((await postJson({ ...VALID, quantity })).status, quantity).toBe(400);
    }
    expect((await postJson({ ...VALID, extra: 'field' })).status).toBe(400);
    // The form's page (no JavaScript) shows it again: tests/pages/form-pages.test.ts.
    const form = await postForm({ ...VALID, quantity: '0' });
    expect(((await form.json()) as ErrorBody).error.fields).toEqual({
      quantity: 'Enter a whole number from 1 to 100,000',
    });
    expect((await postForm({ ...VALID, website: 'http://spam.example' })).status).toBe(200);
    expect(changedTables(before, await snapshot(database.db)).filter((t) => t !== 'request_throttle')).toEqual([]);
  });

  it('throttles one client address to 10 requests in 10 minutes', async () => {
    const ip = newVisitorIp();
    for (let i = 0; i < 10; i++) expect((await postJson(VALID, ip)).status).toBe(200);
    const refused = await postJson(VALID, ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await postJson(VALID)).status).toBe(200);
  });

  it('lists requests for the owner only, by status', async () => {
    expect((await list('?status=new')).every((q) => q.status === 'new')).toBe(true);
    expect(await list('?status=declined')).toEqual([]);
    expect((await callFunction(adminQuoteRequests, '/api/quote-requests')).status).toBe(401);
    expect(
      (await callFunction(adminQuoteRequests, '/api/quote-requests?status=lost', { headers: { authorization } }))
        .status,
    ).toBe(400);
    const missing = crypto.randomUUID();
    expect(
      (
        await callFunction(adminQuoteRequests, `/api/quote-requests/${missing}`, {
          params: { id: missing },
          headers: { authorization },
        })
      ).status,
    ).toBe(404);
  });

  it('finds requests by reference, part of the name or of the e-mail; wildcards are literal', async () => {
    const { reference } = (await (
      await postJson({ ...VALID, fullName: 'Marisol Quintanilla', emailAddress: 'marisol.q@example.com' })
    ).json()) as { reference: string };
    expect((await list(`?q=${reference.toLowerCase()}`)).map((q) => q.reference)).toEqual([reference]);
    expect((await list('?q=quintan')).map((q) => q.reference)).toEqual([reference]);
    expect((await list('?q=MARISOL.Q%40')).map((q) => q.reference)).toEqual([reference]);
    expect(await list('?q=%25')).toEqual([]);
    expect(await list('?q=nobody-by-that-name')).toEqual([]);
  });
});
