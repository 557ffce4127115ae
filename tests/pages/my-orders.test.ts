import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import MyOrdersPage from '../../src/pages/my-orders/index.astro';
import MyOrdersLinkPage from '../../src/pages/my-orders/link/[token].astro';
import { signLink } from '../../src/server/links/signed-links.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { orderNumber } from '../../src/lib/orders/order-number.ts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { orderBySession, postJson, sessionIdOf, setVariantStock, variantOf } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { requestPage } from '../support/on-demand-page.ts';

/** Issue 48: My orders, signed in with an e-mailed code for 30 days on one device; sign out ends it. */

const ORIGIN = 'http://localhost:4321';
const open = (cookie?: string) =>
  requestPage(MyOrdersPage, '/my-orders', { params: {}, headers: cookie ? { cookie } : {} });
const post = (form: Record<string, string>, init: { cookie?: string; origin?: string; ip?: string } = {}) =>
  requestPage(MyOrdersPage, '/my-orders', {
    method: 'POST',
    params: {},
    ip: init.ip ?? '198.51.100.7',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: init.origin ?? ORIGIN,
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: new URLSearchParams(form).toString(),
  });
const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

describe.each(DATABASE_KINDS)('My orders on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  const placeOrder = async (email: string) => {
    const tee = await variantOf(database.db, 'game-day-hoodie', 2);
    await setVariantStock(database.db, tee.variantId, 50);
    const started = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: tee.productId, colorId: tee.colorId, sizeId: tee.sizeId, quantity: 2 }],
      fulfillment: 'local',
    });
    const order = await orderBySession(database.db, sessionIdOf(((await started.json()) as { url: string }).url));
    await completeOrder(database.db, order.id, { email, name: 'Coach Ortega' });
    return order.id;
  };
  const codeFor = async (email: string) => {
    const mail = await database.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .where('template_name', '=', 'customer-sign-in-code')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return /\b(\d{6})\b/.exec(mail?.text_body ?? '')?.[1] ?? '';
  };
  const signIn = async (email: string, ip = '198.51.100.7') => {
    const asked = await post({ action: 'send-code', email }, { ip });
    expect(asked.status).toBe(200);
    const signed = await post({ action: 'sign-in', email, code: await codeFor(email) }, { ip });
    expect(signed.status).toBe(303);
    return signed;
  };

  it('signs in with the e-mailed code and lists that address’s orders and quotes, newest first', async () => {
    const first = await placeOrder('coach.ortega@example.com');
    const second = await placeOrder('Coach.Ortega@example.com');
    const theirs = await placeOrder('someone.else@example.com');
    await database.db
      .insertInto('quote_requests')
      .values({ email: 'coach.ortega@example.com', full_name: 'Coach Ortega', what: 'Spring jerseys', quantity: 30 })
      .execute();

    const form = await (await open()).text();
    expect(form).toContain('E-mail address');
    // Every page's footer leads a returning customer here.
    const footer = form.slice(form.indexOf('<footer'), form.indexOf('</footer>'));
    expect(footer).toMatch(/<a href="\/my-orders"[^>]*>My orders<\/a>/);
    const asked = await post({ action: 'send-code', email: 'Coach.Ortega@example.com' });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('If coach.ortega@example.com has ordered from us, a code is on its way.');
    const code = await codeFor('coach.ortega@example.com');
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await post({
      action: 'sign-in',
      email: 'coach.ortega@example.com',
      code: String((Number(code) + 1) % 1_000_000).padStart(6, '0'),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect(await wrong.text()).toContain('That code is wrong, used or expired.');

    const signed = await post({ action: 'sign-in', email: 'coach.ortega@example.com', code });
    expect(signed.status).toBe(303);
    expect(signed.headers.get('location')).toBe('/my-orders');
    const setCookie = signed.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^shop_customer=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax/);

    const listed = await open(cookieOf(signed));
    expect(listed.status).toBe(200);
    const page = await listed.text();
    expect(page).toContain('Signed in as coach.ortega@example.com');
    const at = (text: string) => page.indexOf(text);
    expect(at('Spring jerseys')).toBeGreaterThan(-1);
    expect(at(`Order ${orderNumber(second)}`)).toBeGreaterThan(at('Spring jerseys'));
    expect(at(`Order ${orderNumber(first)}`)).toBeGreaterThan(at(`Order ${orderNumber(second)}`));
    expect(page).not.toContain(orderNumber(theirs));
    // The code was used: replayed, it signs nobody in.
    const replayed = await post({ action: 'sign-in', email: 'coach.ortega@example.com', code });
    expect(replayed.status).toBe(400);
  });

  it('answers an unknown address exactly as a known one, and e-mails it nothing', async () => {
    const known = await (
      await post({ action: 'send-code', email: 'coach.ortega@example.com' }, { ip: '198.51.100.8' })
    ).text();
    const unknown = await (
      await post({ action: 'send-code', email: 'stranger@example.com' }, { ip: '198.51.100.8' })
    ).text();
    expect(unknown.replaceAll('stranger@example.com', 'X')).toBe(known.replaceAll('coach.ortega@example.com', 'X'));
    const mails = await database.db
      .selectFrom('email_outbox')
      .select('id')
      .where('to_address', '=', 'stranger@example.com')
      .execute();
    expect(mails).toEqual([]);
  });

  it('signing out ends the session: the same cookie opens the sign-in again', async () => {
    await placeOrder('leaving@example.com');
    const cookie = cookieOf(await signIn('leaving@example.com', '198.51.100.9'));
    expect(await (await open(cookie)).text()).toContain('Signed in as leaving@example.com');
    const out = await post({ action: 'sign-out' }, { cookie, ip: '198.51.100.9' });
    expect(out.status).toBe(303);
    expect(out.headers.get('set-cookie')).toMatch(/^shop_customer=; Path=\/; Max-Age=0; HttpOnly/);
    const after = await (await open(cookie)).text();
    expect(after).not.toContain('Signed in as');
    expect(after).toContain('E-mail me a code');
  });

  it('refuses another site’s post and a malformed address, storing nothing', async () => {
    const foreign = await post(
      { action: 'send-code', email: 'coach.ortega@example.com' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    const bad = await post({ action: 'send-code', email: 'not an address' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Type an e-mail address');
    const stored = await database.db
      .selectFrom('one_time_codes')
      .select('email')
      .where('email', 'like', 'not%')
      .execute();
    expect(stored).toEqual([]);
  });

  it('a customer e-mail carries a signed My orders link that signs its address in; any other link is 404', async () => {
    await placeOrder('linked@example.com');
    const mail = await database.db
      .selectFrom('email_outbox')
      .select(['text_body', 'html_body'])
      .where('to_address', '=', 'linked@example.com')
      .where('template_name', '=', 'order-confirmation')
      .executeTakeFirstOrThrow();
    const token = /\/my-orders\/link\/([A-Za-z0-9._-]+)/.exec(mail.text_body)?.[1] ?? '';
    expect(token).not.toBe('');
    expect(mail.html_body).toContain(`/my-orders/link/${token}`);
    const follow = (t: string) => requestPage(MyOrdersLinkPage, `/my-orders/link/${t}`, { params: { token: t } });
    const opened = await follow(token);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/my-orders');
    expect(await (await open(cookieOf(opened))).text()).toContain('Signed in as linked@example.com');
    const [id = '', expiry = '', sig = ''] = token.split('.');
    const forged = `${id}.${expiry}.${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`;
    const otherPurpose = signLink(
      'order',
      `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`,
    );
    for (const wrong of [forged, otherPurpose, 'nonsense']) {
      const answer = await follow(wrong);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
  });

  it('people of a business account see its orders only while the owner lets the account share them', async () => {
    const account = await database.db
      .insertInto('business_accounts')
      .values({ name: 'Ector County ISD', domain: 'ector.example.org', orders_shared: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const placed = await placeOrder('buyer@ector.example.org');
    await database.db
      .updateTable('orders')
      .set({ account_id: account.id, po_number: 'PO-4471' })
      .where('id', '=', placed)
      .execute();
    const own = await placeOrder('coach@ector.example.org');

    // Not shared: the coach sees only their own order.
    const cookie = cookieOf(await signIn('coach@ector.example.org', '198.51.100.10'));
    const alone = await (await open(cookie)).text();
    expect(alone).toContain(orderNumber(own));
    expect(alone).not.toContain(orderNumber(placed));

    await database.db
      .updateTable('business_accounts')
      .set({ orders_shared: true })
      .where('id', '=', account.id)
      .execute();
    const shared = await (await open(cookie)).text();
    expect(shared).toContain(orderNumber(placed));
    expect(shared).toContain('Placed by buyer@ector.example.org on your business account');
    // Someone at the domain with no order of their own may now sign in and see it too.
    const colleague = cookieOf(await signIn('principal@ector.example.org', '198.51.100.11'));
    expect(await (await open(colleague)).text()).toContain(orderNumber(placed));
    // An address at another domain sees none of it.
    await placeOrder('outsider@example.net');
    const outsider = cookieOf(await signIn('outsider@example.net', '198.51.100.12'));
    expect(await (await open(outsider)).text()).not.toContain(orderNumber(placed));
  });

  it('a session of an address the shop no longer knows opens nothing', async () => {
    const order = await placeOrder('typo@example.com');
    const cookie = cookieOf(await signIn('typo@example.com', '198.51.100.13'));
    expect(await (await open(cookie)).text()).toContain('Signed in as typo@example.com');
    // The owner corrects the address and the customer row of the mistyped one is removed.
    await database.db.updateTable('orders').set({ email: 'right@example.com' }).where('id', '=', order).execute();
    await database.db.deleteFrom('users').where('email', '=', 'typo@example.com').execute();
    const after = await (await open(cookie)).text();
    expect(after).not.toContain('Signed in as');
    expect(after).not.toContain(orderNumber(order));
  });
});
