import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import contact from '../../netlify/functions/contact.mts';
import newsletter from '../../netlify/functions/newsletter.mts';
import oldUnsubscribe from '../../netlify/functions/newsletter-unsubscribe.mts';
import ContactSendPage from '../../src/pages/contact/send.astro';
import NewsletterPage from '../../src/pages/newsletter/index.astro';
import UnsubscribePage from '../../src/pages/newsletter/unsubscribe.astro';
import QuoteSendPage from '../../src/pages/quote/send.astro';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction, newVisitorIp } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { injectedMarkup } from '../support/hostile/injected-markup.ts';
import { requestPage } from '../support/on-demand-page.ts';

/**
 * The forms' answers when JavaScript is off (docs/decisions/0026-house-renovation.md): each form
 * posts to a page rendered per request, taken by the same code as its JSON API, and answered in the site's layout: the
 * success, or the form again with what was typed and a message tied to each refused field.
 */
delete process.env['SMTP_URL'];
const ORIGIN = 'http://localhost:4321';
const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };
const VALID = {
  fullName: 'Maria Delgado',
  emailAddress: 'maria.delgado@example.com',
  subject: 'Event Partnerships',
  message: 'We need 200 shirts for the county fair.',
};
type Page = Parameters<typeof requestPage>[0];
const post = (page: Page, path: string, fields: Record<string, string>, ip?: string, origin = ORIGIN) =>
  requestPage(page, path, {
    method: 'POST',
    params: {},
    headers: { ...FORM, origin },
    body: new URLSearchParams(fields).toString(),
    ...(ip ? { ip } : {}),
  });

describe.each(DATABASE_KINDS)('the forms’ pages on %s', (kind) => {
  let database: TestDatabase;
  const logs = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(async () => {
    await database.dispose();
    logs.mockRestore();
  });
  const messagesFrom = (name: string) =>
    database.db.selectFrom('contact_messages').select('id').where('full_name', '=', name).execute();

  it('answers a contact post with the Thank You page in the site’s layout, storing it once', async () => {
    const res = await post(ContactSendPage, '/contact/send', { ...VALID, fullName: 'Form Poster', website: '' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("form-action 'self'");
    const page = await res.text();
    expect(page).toContain('aria-label="Main"');
    expect(page).toMatch(/<h1 id="thanks-title"[^>]*>Thank You!<\/h1>/);
    expect(page).toContain('We have received your message!');
    expect(await messagesFrom('Form Poster')).toHaveLength(1);

    // A filled honeypot gets the same page, and nothing is kept.
    const bot = await post(ContactSendPage, '/contact/send', { ...VALID, fullName: 'Bot Poster', website: 'spam' });
    expect(bot.status).toBe(200);
    expect(await bot.text()).toContain('We have received your message!');
    expect(await messagesFrom('Bot Poster')).toHaveLength(0);
  });

  it('shows a refused contact post again: values kept and escaped, each message tied to its field', async () => {
    const res = await post(ContactSendPage, '/contact/send', {
      fullName: '"><script>alert(1)</script>',
      emailAddress: 'maria@example',
      subject: 'Order Help',
      message: '',
    });
    expect(res.status).toBe(400);
    const page = await res.text();
    // Kept inside its quoted value="…", where a browser never reads it as markup.
    expect(injectedMarkup(page)).toEqual([]);
    expect(page).toMatch(/id="contact-name"[^>]*value="&quot;><script>alert\(1\)<\/script>"/);
    expect(page).toMatch(/<p[^>]*role="alert"[^>]*>Please correct the fields below and send your message again\.<\/p>/);
    expect(page).toMatch(
      /id="contact-email"[^>]*value="maria@example"[^>]*aria-invalid="true"[^>]*aria-describedby="contact-email-error"/,
    );
    expect(page).toMatch(/<p id="contact-email-error"[^>]*>Please enter a valid email<\/p>/);
    expect(page).toMatch(/<p id="contact-message-error"[^>]*>Message is required<\/p>/);
    expect(page).toMatch(/<option selected[^>]*>Order Help<\/option>/);
    expect(page).not.toMatch(/id="contact-name"[^>]*aria-invalid/);
    expect(await messagesFrom('"><script>alert(1)</script>')).toHaveLength(0);
  });

  it('refuses a contact post from another site, and sends a GET back to the form', async () => {
    const res = await post(
      ContactSendPage,
      '/contact/send',
      { ...VALID, fullName: 'Cross Site' },
      undefined,
      'https://evil.example',
    );
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Your message could not be sent. Please try again.');
    expect(await messagesFrom('Cross Site')).toHaveLength(0);
    const back = await requestPage(ContactSendPage, '/contact/send', { params: {} });
    expect([back.status, back.headers.get('location')]).toEqual([303, '/contact']);
  });

  it('counts the page’s posts and the JSON API’s together in one throttle', async () => {
    const ip = newVisitorIp();
    for (let i = 0; i < 10; i += 1) {
      const res = await callFunction(contact, '/api/contact', {
        method: 'POST',
        ip,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...VALID, message: `Message ${i}` }),
      });
      expect(res.status).toBe(200);
    }
    const page = await post(ContactSendPage, '/contact/send', { ...VALID, message: 'Keep me' }, ip);
    expect(page.status).toBe(429);
    expect(page.headers.get('retry-after')).toBeTruthy();
    const html = await page.text();
    expect(html).toContain('Please try again in a few minutes');
    expect(html).toMatch(/>Keep me<\/textarea>/);
  });

  it('answers a form-encoded post to the JSON API with JSON, as it answers its script', async () => {
    const res = await callFunction(contact, '/api/contact', {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ ...VALID, emailAddress: 'nope' }).toString(),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await res.json()) as { error: { fields: object } }).error.fields).toEqual({
      emailAddress: 'Please enter a valid email',
    });
  });

  it('signs up from the mailing-list page: the green notice and an empty field, or the address kept', async () => {
    const ok = await post(NewsletterPage, '/newsletter', { email: `form.${kind}@example.com`, website: '' });
    expect(ok.status).toBe(200);
    const okPage = await ok.text();
    expect(okPage).toMatch(/role="status"[^>]*>Thanks for signing up!/);
    expect(okPage).toMatch(/id="newsletter-email"(?![^>]*value="[^"])[^>]*>/);
    const row = await database.db
      .selectFrom('newsletter_subscribers')
      .select('id')
      .where('email', '=', `form.${kind}@example.com`)
      .executeTakeFirst();
    expect(row).toBeDefined();

    const bad = await post(NewsletterPage, '/newsletter', { email: 'a@bc' });
    expect(bad.status).toBe(400);
    const badPage = await bad.text();
    expect(badPage).toMatch(
      /id="newsletter-email"[^>]*value="a@bc"[^>]*aria-invalid="true"[^>]*aria-describedby="newsletter-email-error"/,
    );
    expect(badPage).toMatch(/<p id="newsletter-email-error"[^>]*>Enter a valid email<\/p>/);
    expect(badPage).toMatch(/role="alert"/);
    expect(badPage).not.toContain('Thanks for signing up!');
  });

  it('unsubscribes only after the button: GET asks, POST unsubscribes, an unknown token is a 404', async () => {
    const email = `leaving.${kind}@example.com`;
    expect(
      (
        await callFunction(newsletter, '/api/newsletter', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
        })
      ).status,
    ).toBe(200);
    const { id: token } = await database.db
      .selectFrom('newsletter_subscribers')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const welcome = await database.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(welcome.text_body).toContain(`/newsletter/unsubscribe?token=${token}`);
    expect(welcome.text_body).not.toContain('/api/newsletter/unsubscribe');

    const unsubscribedAt = async () =>
      (
        await database.db
          .selectFrom('newsletter_subscribers')
          .select('unsubscribed_at')
          .where('id', '=', token)
          .executeTakeFirstOrThrow()
      ).unsubscribed_at;
    const ask = await requestPage(UnsubscribePage, `/newsletter/unsubscribe?token=${token}`, { params: {} });
    expect(ask.status).toBe(200);
    const askPage = await ask.text();
    expect(askPage).toContain('Stop receiving our mailing-list e-mails?');
    expect(askPage).toContain(`name="token" value="${token}"`);
    expect(await unsubscribedAt()).toBeNull();

    const done = await post(UnsubscribePage, '/newsletter/unsubscribe', { token });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are unsubscribed.');
    expect(await unsubscribedAt()).not.toBeNull();

    for (const answer of [
      await requestPage(UnsubscribePage, '/newsletter/unsubscribe?token=00000000-0000-0000-0000-000000000000', {
        params: {},
      }),
      await post(UnsubscribePage, '/newsletter/unsubscribe', { token: 'nobody' }),
    ]) {
      expect(answer.status).toBe(404);
      expect(await answer.text()).toContain('This unsubscribe link is not valid (it may be incomplete).');
    }
    const foreign = await post(
      UnsubscribePage,
      '/newsletter/unsubscribe',
      { token },
      undefined,
      'https://evil.example',
    );
    expect(foreign.status).toBe(403);
  });

  it('sends the old unsubscribe address of e-mails already sent on to the page, token and all', async () => {
    const res = await callFunction(oldUnsubscribe, '/api/newsletter/unsubscribe?token=abc-123&other=x');
    expect([res.status, res.headers.get('location')]).toEqual([308, '/newsletter/unsubscribe?token=abc-123']);
  });

  it('shows a refused quote request again with what was typed and the message at its field', async () => {
    const res = await post(QuoteSendPage, '/quote/send', {
      what: 'Vinyl banners',
      quantity: '0',
      fullName: 'Dana Whitfield',
      emailAddress: 'dana@example.com',
    });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain('value="Vinyl banners"');
    expect(page).toMatch(/id="quote-quantity"[^>]*aria-invalid="true"[^>]*aria-describedby="quote-quantity-error"/);
    expect(page).toMatch(/<p id="quote-quantity-error"[^>]*>Enter a whole number from 1 to 100,000<\/p>/);
    expect(page).toMatch(/role="alert"[^>]*>Please correct the fields below and send your request again\./);
    expect(page).toContain('action="/quote/send"');
    expect(page).toContain('enctype="multipart/form-data"');
    expect(
      await sql`select 1 from quote_requests where full_name = 'Dana Whitfield'`.execute(database.db),
    ).toMatchObject({ rows: [] });
  });
});
