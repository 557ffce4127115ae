import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminQuoteRequests from '../../netlify/functions/admin-quote-requests.mts';
import adminQuotes from '../../netlify/functions/admin-quotes.mts';
import QuotePage from '../../src/pages/quotes/[token].astro';
import { SHOP_TIME_ZONE } from '../../src/lib/admin-schemas/orders.ts';
import type { AdminQuoteRequestDetail } from '../../src/lib/admin-schemas/quote-requests.ts';
import type { AdminQuote } from '../../src/lib/admin-schemas/quote-revisions.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { submitQuoteRequest } from '../../src/server/forms/quote-request.ts';
import { signLink } from '../../src/server/links/signed-links.ts';
import { customerOrderView } from '../../src/server/orders/customer-view.ts';
import { stageContext } from '../../src/server/orders/move-stage.ts';
import { quoteValidity } from '../../src/server/quotes/expiry.ts';
import { adminProductSaves, type ErrorBody } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { requestPage } from '../support/on-demand-page.ts';
import { productBySlug } from '../support/checkout.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { TEST_CHECKOUT_CONTACT } from '../support/test-checkout-contact.ts';
import { answerTestCheckout } from '../support/test-checkout.ts';

/**
 * Quotes (docs/decisions/0017-quotes.md): the owner prices a request in revisions, sends it; the customer opens the
 * signed link, accepts and pays (the built-in test checkout here; Stripe in quotes-stripe) or
 * declines; expiry; one order however many times "Accept and pay" is pressed at once.
 */
const { authorization } = adminProductSaves();
const ORIGIN = 'http://localhost:4321';
const DAY_MS = 86_400_000;
/** The date `offset` days from today in the shop's time zone (what valid-until is measured in). */
const day = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(new Date(Date.now() + offset * DAY_MS));

describe.each(DATABASE_KINDS)('quotes on %s', (kind) => {
  let database: TestDatabase;
  let tee: { id: string };
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    tee = await productBySlug(database.db, 'west-texas-energy-tee');
  });
  afterAll(() => database.dispose());

  const request = async (email = 'dana.whitfield@example.com') =>
    submitQuoteRequest(
      database.db,
      { what: 'Event banners and staff tees', quantity: 300, fullName: 'Dana Whitfield', emailAddress: email },
      { shopEmail: 'shop@example.com' },
    );
  const saveRevision = (id: string, body: unknown) =>
    callFunction(adminQuotes, `/api/quote-requests/${id}/revisions`, {
      method: 'POST',
      params: { id },
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const act = (id: string, action: 'send' | 'withdraw') =>
    callFunction(adminQuotes, `/api/quote-requests/${id}/send`, {
      method: 'POST',
      params: { id },
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ action }),
    });
  const detail = async (id: string) =>
    (await (
      await callFunction(adminQuoteRequests, `/api/quote-requests/${id}`, {
        params: { id },
        headers: { authorization },
      })
    ).json()) as AdminQuoteRequestDetail;
  const openPage = (token: string, query = '') =>
    requestPage(QuotePage, `/quotes/${token}${query}`, { params: { token } });
  const answer = (token: string, fields: Record<string, string>) =>
    requestPage(QuotePage, `/quotes/${token}`, {
      method: 'POST',
      params: { token },
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: new URLSearchParams(fields).toString(),
    });
  const pay = (sessionId: string) =>
    answerTestCheckout(sessionId, {
      intent: 'pay',
      headers: { origin: ORIGIN },
      fields: { ...TEST_CHECKOUT_CONTACT, email: 'dana.whitfield@example.com' },
    });
  const mails = (template: string) =>
    database.db
      .selectFrom('email_outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('template_name', '=', template)
      .orderBy('created_at')
      .execute();
  const tokenIn = (text: string) => {
    const token = /\/quotes\/([0-9a-f]{32}\.[0-9a-z]+\.[A-Za-z0-9_-]{22})/.exec(text)?.[1];
    if (!token) throw new Error(`no quote link in: ${text}`);
    return token;
  };
  const sessionOf = (location: string) => {
    const id = /\/test-checkout\/([^/?#]+)/.exec(location)?.[1];
    if (!id) throw new Error(`not a test checkout page: ${location}`);
    return decodeURIComponent(id);
  };

  /** 48 tees front and back, 300 banners with a setup fee, $100 off, local handoff. */
  const BIG = () => ({
    lines: [
      { kind: 'product', product_id: tee.id, quantity: 48, locations: ['front', 'back'], note: 'Black, S-XL' },
      {
        kind: 'custom',
        description: 'Vinyl event banner 3 × 6 ft, grommets',
        quantity: 300,
        unit_price_cents: 1850,
        setup_fee_cents: 4500,
      },
    ],
    discount_cents: 10_000,
    fulfillment: 'local',
    valid_until: day(14),
    message: 'Proof within a day of payment.',
  });

  /** A request priced with BIG and sent; answers its id and the e-mailed link's token. */
  async function sentQuote(email?: string) {
    const { id } = await request(email);
    expect((await saveRevision(id, BIG())).status).toBe(201);
    expect((await act(id, 'send')).status).toBe(200);
    const [mail] = (await mails('quote-ready')).filter((m) =>
      m.text_body.includes(signLink('quote', id).split('.')[0]!),
    );
    return { id, token: tokenIn(mail!.text_body) };
  }

  it('prices a revision on the server by the catalogue tiers and locations, free lines, discount and tax', async () => {
    const { id } = await request();
    const saved = await saveRevision(id, BIG());
    expect(saved.status).toBe(201);
    const quote = (await saved.json()) as AdminQuote;
    const [revision] = quote.revisions;
    // 48 tees at the 48-piece tier ($16.50), back print $3.00 each, two $25 setups; banners $18.50 + $45 setup.
    expect(revision?.lines).toEqual([
      {
        kind: 'product',
        description: 'West Texas Energy Tee: Black, S-XL',
        quantity: 48,
        unit_price_cents: 1650,
        product_id: tee.id,
        locations: ['front', 'back'],
        note: 'Black, S-XL',
        charges: [
          { kind: 'setup_fee', name: 'Front setup, West Texas Energy Tee', unit_price_cents: 2500, quantity: 1 },
          { kind: 'print_location', name: 'Back print, West Texas Energy Tee', unit_price_cents: 300, quantity: 48 },
          { kind: 'setup_fee', name: 'Back setup, West Texas Energy Tee', unit_price_cents: 2500, quantity: 1 },
        ],
      },
      {
        kind: 'custom',
        description: 'Vinyl event banner 3 × 6 ft, grommets',
        quantity: 300,
        unit_price_cents: 1850,
        product_id: null,
        charges: [
          {
            kind: 'setup_fee',
            name: 'Setup, Vinyl event banner 3 × 6 ft, grommets',
            unit_price_cents: 4500,
            quantity: 1,
          },
        ],
      },
    ]);
    expect(revision).toMatchObject({
      number: 1,
      subtotal_cents: 98_600 + 559_500,
      discount_cents: 10_000,
      shipping_cents: 0,
      tax_cents: 51_848,
      total_cents: 699_948,
      fulfillment: 'local',
      shipping_speed: null,
      valid_until: day(14),
      sent: false,
    });
    expect(quote.status).toBe('new');

    // A second revision (shipped by express, below the free-shipping threshold) keeps the first as it was.
    const second = await saveRevision(id, {
      lines: [{ kind: 'custom', description: 'Sample banner', quantity: 2, unit_price_cents: 1000 }],
      fulfillment: 'shipping',
      shipping_speed: 'express',
      valid_until: day(7),
    });
    expect(second.status).toBe(201);
    const both = (await second.json()) as AdminQuote;
    expect(both.revisions.map((r) => [r.number, r.total_cents])).toEqual([
      [2, 2000 + 1500 + 160],
      [1, 699_948],
    ]);
    expect((await detail(id)).quote.revisions).toHaveLength(2);
  });

  it('refuses a revision with bad lines, a browser price or an absurd total, field by field, storing nothing', async () => {
    const { id } = await request();
    const before = await snapshot(database.db);
    const refused = async (body: unknown, field: string) => {
      const res = await saveRevision(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = ((await res.json()) as ErrorBody).error;
      expect(Object.keys(error.fields ?? {}), JSON.stringify(error)).toContain(field);
    };
    const base = BIG();
    await refused({ ...base, lines: [] }, 'lines');
    await refused({ ...base, lines: [{ ...base.lines[1], quantity: 0 }] }, 'lines.0.quantity');
    await refused({ ...base, lines: [{ ...base.lines[1], quantity: 1_000_000 }] }, 'lines.0.quantity');
    await refused({ ...base, lines: [{ ...base.lines[1], unit_price_cents: -5 }] }, 'lines.0.unit_price_cents');
    await refused({ ...base, lines: [{ ...base.lines[1], description: '' }] }, 'lines.0.description');
    await refused({ ...base, lines: [{ ...base.lines[0], unit_price_cents: 1 }] }, 'lines.0');
    await refused({ ...base, lines: [{ ...base.lines[0], locations: ['sleeve-9'] }] }, 'lines.0.locations');
    await refused({ ...base, lines: [{ ...base.lines[0], product_id: crypto.randomUUID() }] }, 'lines.0.product_id');
    await refused({ ...base, valid_until: day(-2) }, 'valid_until');
    await refused({ ...base, discount_cents: 100_000_000 }, 'discount_cents');
    await refused({ ...base, lines: [{ ...base.lines[1], quantity: 100_000, unit_price_cents: 10_000_000 }] }, 'lines');
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
    expect((await act(id, 'send')).status).toBe(409);
  });

  it('sends the quote with a signed link that opens it alone; wrong, expired or other links are the same 404', async () => {
    const { id, token } = await sentQuote();
    const [mail] = (await mails('quote-ready')).slice(-1);
    expect(mail).toMatchObject({ to_address: 'dana.whitfield@example.com' });
    expect(mail?.text_body).toContain('$6,999.48');
    expect(mail?.text_body).toContain('Proof within a day of payment.');
    expect((await detail(id)).status).toBe('quoted');

    const res = await openPage(token);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Vinyl event banner 3 × 6 ft, grommets');
    expect(html).toContain('Back print, West Texas Energy Tee');
    expect(html).toContain('$6,999.48');
    expect(html).toContain('Accept and pay');
    expect(res.headers.get('content-security-policy')).toContain("form-action 'self' https://checkout.stripe.com");

    const other = await sentQuote('someone.else@example.com');
    const otherHtml = await (await openPage(other.token)).text();
    expect(otherHtml).toContain('Quote Q-');
    expect(otherHtml).not.toContain(`>Quote ${(await detail(id)).reference}<`);

    const notFound = await (await openPage('nonsense')).text();
    const [hexId, expiry, sig] = token.split('.');
    const forged = `${hexId}.${expiry}.${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`;
    const expired = signLink('quote', id, { now: new Date(Date.now() - 401 * DAY_MS) });
    for (const bad of [forged, expired, signLink('order', id), `${hexId}.${expiry}`]) {
      const refused = await openPage(bad);
      expect(refused.status, bad).toBe(404);
      expect(await refused.text()).toBe(notFound);
      expect((await answer(bad, { action: 'accept' })).status).toBe(404);
    }
    // A request that was never sent has no page, even with a good signature.
    const unsent = await request();
    expect((await openPage(signLink('quote', unsent.id))).status).toBe(404);
  });

  it('accept and pay: one order for exactly the quoted lines, in the workflow; the quote is accepted', async () => {
    const { id, token } = await sentQuote();
    const accepted = await answer(token, { action: 'accept' });
    expect(accepted.status).toBe(303);
    const sessionId = sessionOf(accepted.headers.get('location') ?? '');
    const order = await database.db
      .selectFrom('orders')
      .selectAll()
      .where('quote_request_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      status: 'pending',
      total_cents: 699_948,
      subtotal_cents: 658_100,
      tax_cents: 51_848,
    });
    expect(order.email).toBe('dana.whitfield@example.com');

    expect((await pay(sessionId)).status).toBeLessThan(400);
    const paid = await database.db
      .selectFrom('orders')
      .select(['status', 'stage', 'total_cents'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(paid).toMatchObject({ status: 'paid', stage: 'paid', total_cents: 699_948 });
    const items = await database.db
      .selectFrom('order_items')
      .select(['name', 'item_type', 'quantity', 'unit_price_cents'])
      .where('order_id', '=', order.id)
      .orderBy('unit_price_cents', 'desc')
      .execute();
    expect(items.reduce((sum, i) => sum + i.quantity * i.unit_price_cents, 0)).toBe(658_100);
    expect(items.map((i) => i.item_type).sort()).toEqual(
      ['custom', 'print_location', 'quoted', 'setup_fee', 'setup_fee', 'setup_fee'].sort(),
    );

    // In the workflow as a printed job: proofed before production; the customer's order page lists its lines.
    expect(await stageContext(database.db, order.id, 'local')).toEqual({
      fulfillment: 'local',
      // Paid in full at Accept: nothing holds production.
      owedBeforePrintingCents: 0,
      printed: true,
      artworkMissing: false,
    });
    const view = await customerOrderView(database.db, order.id);
    expect(
      view?.items
        .filter((i) => i.kind === 'piece')
        .map((i) => i.label)
        .sort(),
    ).toEqual(['Vinyl event banner 3 × 6 ft, grommets', 'West Texas Energy Tee: Black, S-XL']);
    // Its charges are listed too, each with its price: the lines add up to what was charged.
    expect(view?.items.reduce((sum, i) => sum + i.amountCents, 0)).toBe(658_100);

    const quote = await detail(id);
    expect(quote.status).toBe('accepted');
    expect(quote.quote.order?.id).toBe(order.id);
    const [notice] = (await mails('quote-accepted')).slice(-1);
    expect(notice?.text_body).toContain(quote.reference);
    expect((await mails('order-confirmation')).some((m) => m.to_address === 'dana.whitfield@example.com')).toBe(true);

    const page = await (await openPage(token)).text();
    expect(page).toContain('Accepted and paid');
    expect(page).not.toContain('Accept and pay');
    const again = await answer(token, { action: 'accept' });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('This quote is paid already.');
    expect((await saveRevision(id, BIG())).status).toBe(409);
    expect((await act(id, 'withdraw')).status).toBe(409);
  });

  it('pressing Accept and pay many times at once makes one order; paying it twice pays once', async () => {
    const { id, token } = await sentQuote();
    const answers = await Promise.all(Array.from({ length: 6 }, () => answer(token, { action: 'accept' })));
    const locations = answers.filter((r) => r.status === 303).map((r) => r.headers.get('location'));
    expect(locations.length).toBeGreaterThanOrEqual(1);
    expect(new Set(locations).size).toBe(1);
    for (const r of answers) expect([303, 409]).toContain(r.status);
    const orders = await database.db.selectFrom('orders').select('id').where('quote_request_id', '=', id).execute();
    expect(orders).toHaveLength(1);
    // Once the page is open, another click opens the same page.
    const later = await answer(token, { action: 'accept' });
    expect(later.headers.get('location')).toBe(locations[0]);

    const sessionId = sessionOf(locations[0] ?? '');
    await Promise.all([pay(sessionId), pay(sessionId)]);
    const paid = await database.db.selectFrom('orders').select(['status']).where('quote_request_id', '=', id).execute();
    expect(paid).toEqual([{ status: 'paid' }]);
    const { reference } = await detail(id);
    expect((await mails('quote-accepted')).filter((m) => m.text_body.includes(`quote ${reference} `))).toHaveLength(1);
  });

  it('declines with a reason: the page says so and the quote can no longer be paid', async () => {
    const { id, token } = await sentQuote();
    const tooLong = await answer(token, { action: 'decline', reason: 'x'.repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain('Use at most 1000 characters.');
    expect((await detail(id)).status).toBe('quoted');
    const declined = await answer(token, { action: 'decline', reason: 'Over our budget this season' });
    expect(declined.status).toBe(303);
    expect(declined.headers.get('location')).toBe(`/quotes/${token}?done=declined`);
    const quote = await detail(id);
    expect(quote).toMatchObject({ status: 'declined' });
    expect(quote.quote.decline_reason).toBe('Over our budget this season');
    const page = await (await openPage(token, '?done=declined')).text();
    expect(page).toContain('You declined this quote');
    expect(page).toContain('Over our budget this season');
    expect((await answer(token, { action: 'accept' })).status).toBe(409);
    expect(
      await database.db.selectFrom('orders').select('id').where('quote_request_id', '=', id).execute(),
    ).toHaveLength(0);
    expect((await answer(token, { action: 'decline', reason: 'Changed my mind' })).status).toBe(409);
  });

  it('withdrawn quotes cannot be paid; a new revision is sent again; sending is refused while the customer pays', async () => {
    const { id, token } = await sentQuote();
    expect((await act(id, 'withdraw')).status).toBe(200);
    expect(await (await openPage(token)).text()).toContain('We withdrew this quote');
    expect((await answer(token, { action: 'accept' })).status).toBe(409);

    expect((await saveRevision(id, { ...BIG(), discount_cents: 20_000 })).status).toBe(201);
    expect((await act(id, 'send')).status).toBe(200);
    const quote = await detail(id);
    expect(quote.status).toBe('quoted');
    expect(quote.quote.revisions.find((r) => r.sent)?.number).toBe(2);
    expect(await (await openPage(token)).text()).toContain('revision 2');

    expect((await answer(token, { action: 'accept' })).status).toBe(303);
    expect((await saveRevision(id, BIG())).status).toBe(201);
    const busy = await act(id, 'send');
    expect(busy.status).toBe(409);
    expect(((await busy.json()) as ErrorBody).error.code).toBe('quote_being_paid');
    expect((await act(id, 'withdraw')).status).toBe(409);
  });

  it('expires: past its valid-until date it cannot be paid; the sweep marks it and warns the day before, once', async () => {
    const soon = await sentQuote();
    const late = await sentQuote();
    const setValidUntil = (id: string, value: string) =>
      database.db
        .updateTable('quote_revisions')
        .set({ valid_until: value })
        .where('quote_request_id', '=', id)
        .execute();
    await setValidUntil(soon.id, day(1));
    await setValidUntil(late.id, day(-1));

    // Before any sweep: the date alone refuses payment.
    const refused = await answer(late.token, { action: 'accept' });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('This quote has expired.');
    expect(
      await database.db.selectFrom('orders').select('id').where('quote_request_id', '=', late.id).execute(),
    ).toEqual([]);

    const before = (await mails('quote-expiring')).length;
    const [first, second] = await Promise.all([quoteValidity.run(database.db), quoteValidity.run(database.db)]);
    expect([first, second].join(' ')).toContain('reminded 1 customer');
    expect((await mails('quote-expiring')).length).toBe(before + 1);
    // A link to the same quote (signed afresh when the reminder is written, so its expiry part
    // may differ from the first e-mail's by a second), and it opens that quote.
    const reminder = tokenIn((await mails('quote-expiring')).at(-1)?.text_body ?? '');
    expect(reminder.split('.')[0]).toBe(soon.token.split('.')[0]);
    expect((await openPage(reminder)).status).toBe(200);
    expect((await detail(late.id)).status).toBe('expired');
    expect((await detail(soon.id)).status).toBe('quoted');
    expect(await (await openPage(late.token)).text()).toContain('This quote expired on');
    expect(await quoteValidity.run(database.db)).toBeNull();
  });
});
