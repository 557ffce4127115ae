import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import QuotePage from '../../src/pages/quotes/[token].astro';
import { installDatabase } from '../../src/server/db/index.ts';
import { submitQuoteRequest } from '../../src/server/forms/quote-request.ts';
import { signLink } from '../../src/server/links/signed-links.ts';
import { saveQuoteRevision } from '../../src/server/quotes/revisions.ts';
import { sendQuote } from '../../src/server/quotes/send.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { requestPage } from '../support/on-demand-page.ts';

/**
 * The customer's quote page as a browser gets it (docs/decisions/0017-quotes.md, made per request
 * by docs/decisions/0026-house-renovation.md): the shop's layout and headers, the deposit's terms
 * in words, the notices after an answer, and every refusal in words with its status, what was typed
 * kept and nothing stored.
 */
const ORIGIN = 'http://localhost:4321';
const inTenDays = () => new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

describe.each(DATABASE_KINDS)('the quote page on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  /** A sent quote for 20 tees at $15.50 and a $40 setup, picked up ($378.00), on `terms`. */
  async function sentQuote(name: string, terms: { deposit_percent?: number; balance_due?: 'before_production' }) {
    const { id } = await submitQuoteRequest(
      database.db,
      { what: `Tees for ${name}`, quantity: 20, fullName: `Coach ${name}`, emailAddress: `${name}@example.com` },
      { shopEmail: 'shop@example.com' },
    );
    await saveQuoteRevision(database.db, id, {
      lines: [{ kind: 'custom', description: 'Team tee', quantity: 20, unit_price_cents: 1550, setup_fee_cents: 4000 }],
      discount_cents: 0,
      fulfillment: 'local',
      shipping_speed: null,
      valid_until: inTenDays(),
      ...terms,
    } as Parameters<typeof saveQuoteRevision>[2]);
    await sendQuote(database.db, id);
    return signLink('quote', id);
  }
  const open = (token: string, query = '') => requestPage(QuotePage, `/quotes/${token}${query}`, { params: { token } });
  const post = (token: string, body: string, headers: Record<string, string> = {}) =>
    requestPage(QuotePage, `/quotes/${token}`, {
      method: 'POST',
      params: { token },
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers },
      body,
    });

  it('shows the quote in the shop’s layout, with the deposit’s terms and headers that let Accept reach Stripe', async () => {
    const token = await sentQuote('terms', { deposit_percent: 50, balance_due: 'before_production' });
    const res = await open(token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("form-action 'self' https://checkout.stripe.com;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp.split('; ').find((d) => d.startsWith('script-src'))).not.toContain('unsafe');
    const html = await res.text();
    expect(html).toContain('<img src="/images/logo.svg" alt="West Texas Prints home"');
    expect(html).toContain('<link rel="icon" href="data:image/svg+xml,');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('rel="canonical"');
    expect(html).toContain('Tees for terms, for Coach terms');
    expect(html).toMatch(/Valid until <strong>[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}<\/strong>\./);
    // $350.00 + 8 % tax = $378.00; half now, half before printing.
    expect(html).toContain('Accepting pays a 50 % deposit of <strong>$189.00</strong>');
    expect(html).toContain(
      ' now. The balance of <strong>$189.00</strong> is asked before we print: we print once it is paid.',
    );
    expect(html).toContain('Accept and pay the deposit, $189.00');
    expect(html).toContain('Decline this quote');

    const cancelled = await (await open(token, '?done=cancelled')).text();
    expect(cancelled).toContain('Payment cancelled: nothing was charged. The quote is still open.');
    expect(await (await open(token, '?done=other')).text()).not.toContain('role="status"');
  });

  it('keeps a refused reason in the field with its error, stores nothing, and shows a stored reason as text', async () => {
    const token = await sentQuote('reason', {});
    const before = await snapshot(database.db);
    const long = `<b>${'x'.repeat(1000)}</b>`;
    const refused = await post(token, new URLSearchParams({ action: 'decline', reason: long }).toString());
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('<p class="notice error" role="alert">');
    expect(html).toContain('aria-invalid="true" aria-describedby="reason-error"');
    expect(html).toContain('<p id="reason-error" class="field-error">Use at most 1000 characters.</p>');
    expect(html).toContain(`&lt;b&gt;${'x'.repeat(1000)}&lt;/b&gt;</textarea>`);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);

    const declined = await post(
      token,
      new URLSearchParams({ action: 'decline', reason: '<i>Too dear</i>' }).toString(),
    );
    expect(declined.status).toBe(303);
    const page = await (await open(token, '?done=declined')).text();
    expect(page).toContain('Thank you for letting us know. We have closed this quote.');
    expect(page).toContain('You declined this quote: “&lt;i&gt;Too dear&lt;/i&gt;”');
    expect(page).not.toContain('Decline this quote');
  });

  it('refuses another site’s post, another method, a body too large and an unknown answer, in words and storing nothing', async () => {
    const token = await sentQuote('hostile', {});
    const before = await snapshot(database.db);
    const foreign = await post(token, 'action=decline', { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const foreignHtml = await foreign.text();
    expect(foreignHtml).toContain('<h1>Something went wrong</h1>');
    expect(foreignHtml).toContain('The shop’s API only answers the shop’s own pages.');
    const put = await requestPage(QuotePage, `/quotes/${token}`, {
      method: 'PUT',
      params: { token },
      headers: { origin: ORIGIN },
    });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST');
    const large = await post(token, `action=decline&reason=${'x'.repeat(9 * 1024)}`);
    expect(large.status).toBe(413);
    expect(await large.text()).toContain('<h1>Something went wrong</h1>');
    const unknown = await post(token, 'action=maybe');
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('Choose Accept and pay, or Decline.');
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
    expect(await (await open(token)).text()).toContain('Accept and pay $378.00');
  });

  it('is the same 404 page, in the shop’s layout, for a link that opens no quote', async () => {
    const notFound = await open('nonsense');
    expect(notFound.status).toBe(404);
    const html = await notFound.text();
    expect(html).toContain('This link does not open a quote.');
    expect(html).toContain('<img src="/images/logo.svg" alt="West Texas Prints home"');
    const posted = await post('nonsense', 'action=accept');
    expect(posted.status).toBe(404);
    expect(await posted.text()).toBe(html);
  });
});
