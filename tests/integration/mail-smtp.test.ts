import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import contact from '../../netlify/functions/contact.mts';
import discountValidate from '../../netlify/functions/discount-validate.mts';
import newsletter from '../../netlify/functions/newsletter.mts';
import unsubscribeFn from '../../netlify/functions/newsletter-unsubscribe.mts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { PENDING_EMAIL } from '../../src/server/orders/create-order.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { jsonb } from '../../src/server/db/json.ts';
import { MAX_ATTEMPTS, retryDelayMs, sendQueuedMail } from '../../src/server/mail/sender.ts';
import { mailTransport } from '../../src/server/mail/transport.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { startSmtpInbox } from '../support/smtp-inbox.ts';

// A real SMTP server for this file; the server config is read on first use, after this.
const inbox = await startSmtpInbox();
process.env['SMTP_URL'] = inbox.url;
process.env['SHOP_EMAIL'] = 'orders@westtexasprints.test';
const SHOP = 'orders@westtexasprints.test';

let ipCounter = 0;
const post = (handler: typeof contact, path: string, body: unknown) =>
  callFunction(handler, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    // A client of its own per request: these tests are not about throttling.
    ip: `198.51.100.${++ipCounter}`,
  });

afterAll(async () => {
  mailTransport().close();
  await inbox.stop();
});

describe.each(DATABASE_KINDS)('e-mail over SMTP on %s', (kind) => {
  let database: TestDatabase;
  const outbox = () => database.db.selectFrom('email_outbox').selectAll();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());
  beforeEach(async () => {
    inbox.received.length = 0;
    inbox.refuseWith(null);
    await inbox.start();
    await database.db.deleteFrom('email_outbox').execute();
  });
  afterEach(() => inbox.start());

  it('delivers the contact notification to the shop and the acknowledgement to the sender', async () => {
    const res = await post(contact, '/api/contact', {
      fullName: 'Ana <b>Ruiz</b>',
      emailAddress: 'ana.ruiz@example.com',
      subject: 'Order Help',
      message: 'Where is my order?\n<script>alert(1)</script> & thanks',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });

    expect(inbox.received).toHaveLength(2);
    const toShop = inbox.received.find((m) => m.envelopeTo.includes(SHOP))!;
    const toVisitor = inbox.received.find((m) => m.envelopeTo.includes('ana.ruiz@example.com'))!;
    expect(toShop.headers['from']).toBe(`West Texas Prints <${SHOP}>`);
    expect(toShop.headers['to']).toBe(SHOP);
    expect(toShop.headers['reply-to']).toBe('ana.ruiz@example.com');
    expect(toShop.headers['subject']).toBe('New Order Help message from Ana <b>Ruiz</b>');
    expect(toShop.text).toContain('E-mail: ana.ruiz@example.com');
    expect(toShop.text).toContain('<script>alert(1)</script> & thanks');
    // In HTML every value is escaped: the visitor's markup shows as text, nothing runs.
    expect(toShop.html).toContain('Ana &lt;b&gt;Ruiz&lt;/b&gt;');
    expect(toShop.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; thanks');
    expect(toShop.html).not.toContain('<script');
    expect(toShop.html).toContain('href="mailto:ana.ruiz@example.com"');

    expect(toVisitor.headers['from']).toBe(`West Texas Prints <${SHOP}>`);
    expect(toVisitor.headers['reply-to']).toBeUndefined();
    expect(toVisitor.headers['subject']).toBe('We got your message, Ana <b>Ruiz</b>');
    expect(toVisitor.text).toContain('Thanks for reaching out to West Texas Prints');
    // docs/decisions/0013-trust-audit.md item 5: the acknowledgement goes to a typed address, so it
    // never quotes the message.
    expect(toVisitor.text).not.toContain('Where is my order?');
    expect(toVisitor.html).not.toContain('Where is my order?');

    const rows = await outbox().orderBy('template_name').execute();
    expect(rows.map((r) => [r.template_name, r.status, r.attempts])).toEqual([
      ['contact-acknowledgement', 'sent', 1],
      ['contact-notification', 'sent', 1],
    ]);
    expect(rows.every((r) => r.sent_at instanceof Date)).toBe(true);
    expect(toShop.headers['message-id']).toBe(`<${rows[1]!.id}@westtexasprints.test>`);
  });

  it('welcomes a new subscriber with a personal single-use 10% code that the cart accepts', async () => {
    const email = `new.${kind}@example.com`;
    expect((await post(newsletter, '/api/newsletter', { email })).status).toBe(200);
    expect(inbox.received).toHaveLength(1);
    const welcome = inbox.received[0]!;
    expect(welcome.envelopeTo).toEqual([email]);
    expect(welcome.headers['subject']).toBe('Welcome to the list! Here is 10% off your first order');

    const subscriber = await database.db
      .selectFrom('newsletter_subscribers as s')
      .innerJoin('discount_codes as d', 'd.id', 's.discount_code_id')
      .select(['s.id', 'd.code', 'd.type', 'd.amount_cents', 'd.max_uses', 'd.total_uses', 'd.email'])
      .where('s.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(subscriber).toMatchObject({ type: 'percentage', amount_cents: 1000, max_uses: 1, total_uses: 0, email });
    expect(subscriber.code).toMatch(/^WT-[A-Z2-9]{6}$/);
    expect(welcome.text).toContain(`    ${subscriber.code}\n`);
    expect(welcome.html).toContain(subscriber.code);
    const unsubscribeUrl = `http://localhost:4321/newsletter/unsubscribe?token=${subscriber.id}`;
    expect(welcome.text).toContain(`Unsubscribe: ${unsubscribeUrl}`);
    expect(welcome.html).toContain(`href="${unsubscribeUrl}"`);

    // The code works in the cart (the promo-code check), in any letter case, until it is used once.
    const check = (code: string) => post(discountValidate, '/api/discount-codes/validate', { code });
    const valid = await check(subscriber.code.toLowerCase());
    expect(valid.status).toBe(200);
    expect(await valid.json()).toMatchObject({ type: 'percentage', amount_cents: 1000 });
    await database.db
      .updateTable('discount_codes')
      .set({ total_uses: 1 })
      .where('code', '=', subscriber.code)
      .execute();
    expect((await check(subscriber.code)).status).toBe(404);

    // The e-mail's unsubscribe link opens src/pages/newsletter/unsubscribe.astro (tests/pages/form-pages.test.ts);
    // the address of e-mails sent before it moved sends the browser on there, token and all.
    const old = await callFunction(unsubscribeFn, `/api/newsletter/unsubscribe?token=${subscriber.id}`);
    expect([old.status, old.headers.get('location')]).toEqual([308, `/newsletter/unsubscribe?token=${subscriber.id}`]);
  });

  it('keeps the mail queued while the SMTP server is down and sends it once it is back', async () => {
    await inbox.stop();
    const res = await post(contact, '/api/contact', {
      fullName: 'Bo Diaz',
      emailAddress: 'bo.diaz@example.com',
      subject: 'General Inquiry',
      message: 'Do you print banners?',
    });
    // The visitor is told it worked: the message is stored, only the mail waits.
    expect(res.status).toBe(200);
    const stored = await database.db
      .selectFrom('contact_messages')
      .select(['full_name', 'message'])
      .where('email', '=', 'bo.diaz@example.com')
      .execute();
    expect(stored).toEqual([{ full_name: 'Bo Diaz', message: 'Do you print banners?' }]);
    const waiting = await outbox().execute();
    expect(waiting).toHaveLength(2);
    for (const row of waiting) {
      expect(row.status).toBe('queued');
      expect(row.attempts).toBe(1);
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 30_000);
    }

    // Not due yet: the scheduled sender leaves it alone.
    expect(await sendQueuedMail(database.db, mailTransport())).toEqual({ sent: 0, retrying: 0, failed: 0 });
    await inbox.start();
    await database.db.updateTable('email_outbox').set({ next_attempt_at: sql`now()` }).execute();
    expect(await sendQueuedMail(database.db, mailTransport())).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(inbox.received.map((m) => m.envelopeTo[0]).sort()).toEqual(['bo.diaz@example.com', SHOP]);
    expect((await outbox().execute()).every((r) => r.status === 'sent' && r.attempts === 2)).toBe(true);
  });

  it('retries with growing delays and gives up after the last attempt', async () => {
    await inbox.stop();
    await post(newsletter, '/api/newsletter', { email: `retry.${kind}@example.com` });
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const before = await outbox().executeTakeFirstOrThrow();
      expect(before.attempts).toBe(attempt - 1);
      const delay = before.next_attempt_at.getTime() - Date.now();
      expect(delay).toBeGreaterThan(retryDelayMs(attempt - 1) - 5_000);
      expect(delay).toBeLessThanOrEqual(retryDelayMs(attempt - 1) + 1_000);
      await database.db.updateTable('email_outbox').set({ next_attempt_at: sql`now()` }).execute();
      await sendQueuedMail(database.db, mailTransport());
    }
    const last = await outbox().executeTakeFirstOrThrow();
    expect(last).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(last.last_error).toBeTruthy();
    // A failed mail stays in the table (for the admin to see) and is never picked up again.
    await inbox.start();
    await database.db.updateTable('email_outbox').set({ next_attempt_at: sql`now()` }).execute();
    expect(await sendQueuedMail(database.db, mailTransport())).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(inbox.received).toHaveLength(0);
    // The subscriber was never at risk.
    const subscribed = await database.db
      .selectFrom('newsletter_subscribers')
      .select('id')
      .where('email', '=', `retry.${kind}@example.com`)
      .execute();
    expect(subscribed).toHaveLength(1);
  });

  it('fails at once when the SMTP server refuses the message permanently (5xx)', async () => {
    inbox.refuseWith(550, 'No such user here');
    await post(newsletter, '/api/newsletter', { email: `nobody.${kind}@example.com` });
    const row = await outbox().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toMatch(/550|No such user/);
  });

  it('sends the order confirmation once the order is paid, with its lines escaped', async () => {
    const order = await database.db
      .insertInto('orders')
      .values({
        email: PENDING_EMAIL,
        status: 'pending',
        fulfillment: 'shipping',
        shipping_speed: 'express',
        subtotal_cents: 4000,
        discount_cents: 400,
        discount_code: 'SAVE10',
        shipping_cents: 1500,
        tax_cents: 288,
        total_cents: 5388,
        payment_provider: 'embedded',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('order_items')
      .values([
        {
          order_id: order.id,
          name: 'Tee <img src=x onerror=alert(1)>',
          quantity: 2,
          unit_price_cents: 1500,
          variant_metadata: jsonb({ color: 'Black', size: 'L' }),
        },
        { order_id: order.id, name: 'Cap & Co', quantity: 1, unit_price_cents: 1000, variant_metadata: jsonb({}) },
      ])
      .execute();

    const result = await completeOrder(database.db, order.id, {
      email: 'buyer@example.com',
      shipping: {
        name: 'Cy Young',
        address_line1: '1 Main St',
        address_line2: null,
        city: 'Midland',
        state: 'TX',
        postal_code: '79701',
        country: 'US',
      },
    });
    expect(result).toEqual({ outcome: 'paid' });
    // Queued in the payment's own transaction; the sender (scheduled, or npm start's loop) sends it.
    const queued = await outbox().where('template_name', '=', 'order-confirmation').executeTakeFirstOrThrow();
    expect(queued).toMatchObject({ status: 'queued', to_address: 'buyer@example.com' });
    expect(await sendQueuedMail(database.db, mailTransport())).toMatchObject({ sent: 1 });

    const mail = inbox.received[0]!;
    const number = order.id.replaceAll('-', '').slice(0, 8).toUpperCase();
    expect(mail.headers['subject']).toBe(`Thanks for your order! Order ${number} is confirmed`);
    expect(mail.text).toContain('2 x Tee <img src=x onerror=alert(1)> (Black, L) @ $15.00 = $30.00');
    expect(mail.text).toContain('1 x Cap & Co @ $10.00 = $10.00');
    expect(mail.text).toContain('Discount: -$4.00 (SAVE10)');
    expect(mail.text).toContain('Shipping: $15.00');
    expect(mail.text).toContain('Total: $53.88');
    expect(mail.text).toContain('Fulfillment: Ship (Express)');
    expect(mail.html).toContain('Tee &lt;img src=x onerror=alert(1)&gt; (Black, L)');
    expect(mail.html).toContain('Cap &amp; Co');
    // The one picture is the shop's logo: the line's name stays text.
    expect([...(mail.html ?? '').matchAll(/<img\b[^>]*>/g)].map((m) => m[0])).toEqual([
      expect.stringContaining('/images/logo-email.png'),
    ]);

    // Paying again (a webhook redelivery) queues nothing more.
    expect(await completeOrder(database.db, order.id, { email: 'buyer@example.com' })).toMatchObject({
      outcome: 'unchanged',
    });
    expect(await outbox().where('template_name', '=', 'order-confirmation').execute()).toHaveLength(1);
  });

  it('pays an order without a usable address and queues no confirmation', async () => {
    const order = await database.db
      .insertInto('orders')
      .values({ email: PENDING_EMAIL, status: 'pending', subtotal_cents: 0, total_cents: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await completeOrder(database.db, order.id, {})).toEqual({ outcome: 'paid' });
    expect(await outbox().execute()).toHaveLength(0);
  });
});
