import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createShopServer, type ShopServer } from '../../scripts/server/create-server.mts';
import { orderNumber } from '../../src/lib/orders/order-number.ts';
import { hashPassword } from '../../src/server/auth/password-hash.ts';
import { localStorageStandIn } from '../../src/server/artwork/store.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { signLink } from '../../src/server/links/signed-links.ts';
import { saveQuoteRevision } from '../../src/server/quotes/revisions.ts';
import { sendQuote } from '../../src/server/quotes/send.ts';
import { png } from '../support/artwork-files.ts';
import { orderBySession, sessionIdOf } from '../support/checkout.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { type DeployEmulator, netlifyBuiltProject, startDeployEmulator } from '../support/netlify-build.ts';
import { json, normalized, type Probe, parityRuntimes, type RawAnswer } from '../support/runtime-parity.ts';
import { TEST_CHECKOUT_CONTACT } from '../support/test-checkout-contact.ts';

/**
 * The print shop's own routes answer on Netlify's emulator (@netlify/dev, the site built with
 * Netlify's adapter, its pages rendered by the adapter's function) as on the local server `npm
 * start` runs (the local adapter's build): the order page, the quote page, the quote form's
 * multipart post, the artwork's signed upload and check, the test checkout's pages, a stage move
 * and a refund. Reads go to both runtimes with the same record; a change goes to each with its
 * own twin record (one order each), and the answers are compared with that record's id, number
 * and tokens named.
 */

const PASSWORD = 'parity-admin-password';

let database: TestDatabase;
let project: string;
let netlify: DeployEmulator;
let local: ShopServer;
const runtimes = parityRuntimes(
  () => netlify,
  () => local.url,
);
type Send = (probe: Probe) => Promise<RawAnswer>;
const SENDERS: [string, Send][] = [
  ['netlify', runtimes.viaNetlify],
  ['local', runtimes.viaLocal],
];

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  installDatabase(database);
  vi.stubEnv('DATABASE_URL', database.url);
  vi.stubEnv('ADMIN_PASSWORD_HASH', await hashPassword(PASSWORD, { N: 2 ** 14 }));
  vi.stubEnv('ADMIN_TOKEN_SECRET', 'parity-token-secret-that-is-long-enough-0123456789');
  vi.stubEnv('SITE_URL', undefined);
  project = await netlifyBuiltProject('shop-parity-pages-', database.url!, { localOutDir: 'dist-local' });
  vi.stubEnv('DATA_DIR', join(project, '.data'));
  netlify = await startDeployEmulator(project);
  local = await createShopServer({
    distDir: join(project, 'dist-local'),
    functionsDir: join(project, 'netlify/functions'),
    // The embedded artwork store's stand-in for Supabase Storage, as `npm start` serves it.
    storage: localStorageStandIn(),
    port: 0,
    log: () => {},
  });
}, 300_000);

afterAll(async () => {
  await local?.close();
  await netlify?.stop();
  vi.unstubAllEnvs();
  await database?.dispose();
  if (project) rmSync(project, { recursive: true, force: true });
});

/** Each runtime's answer to its own request, normalised with the values of its own record. */
async function expectTwins(
  label: string,
  send: (via: Send, twin: number) => Promise<{ raw: RawAnswer; known?: Record<string, string> }>,
) {
  const answers = [];
  for (const [index, [, via]] of SENDERS.entries()) {
    const { raw, known } = await send(via, index);
    answers.push(normalized(raw, known));
  }
  expect(answers[1], `${label}: the local server answers as Netlify does`).toEqual(answers[0]);
  return answers[0]!;
}

type Upload = { artworkId: string; ownerToken: string; upload: { url: string; headers: Record<string, string> } };

/** A file sent as the browser's artwork field sends it: a ticket, the signed PUT, the check. */
async function uploadChecked(via: Send, steps: Record<string, RawAnswer>, art: Buffer, fileName: string) {
  steps['upload ticket'] = await via(
    json('artwork ticket', 'POST', '/api/artwork/uploads', { fileName, size: art.length }),
  );
  expect(steps['upload ticket'].status, steps['upload ticket'].body).toBe(201);
  const ticket = JSON.parse(steps['upload ticket'].body) as Upload;
  const uploadPath = ticket.upload.url.replace(/^https?:\/\/[^/]+/, '');
  // The file goes to storage, not to the shop: Supabase Storage on a deploy; here the embedded
  // store's stand-in, which the local server answers under /_storage/ (the same for both twins).
  steps['signed PUT'] = await runtimes.viaLocal({
    label: 'artwork PUT',
    method: 'PUT',
    path: uploadPath,
    headers: ticket.upload.headers,
    body: new Uint8Array(art),
  });
  expect(steps['signed PUT'].status, steps['signed PUT'].body).toBeLessThan(300);
  steps['check'] = await via(
    json('artwork check', 'POST', `/api/artwork/${ticket.artworkId}/check`, { ownerToken: ticket.ownerToken }),
  );
  expect(steps['check'].status, steps['check'].body).toBe(200);
  return { ...ticket, uploadPath };
}

/** An order of 12 yard signs with the second side's artwork uploaded and checked, paid, through one runtime. */
async function placePrintedOrder(via: Send, steps: Record<string, RawAnswer>, buyer: string, art: Buffer) {
  const sign = await database.db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.product_id as productId', 'v.color_id as colorId', 'v.size_id as sizeId'])
    .where('p.slug', '=', 'custom-yard-sign')
    .where('v.stock_qty', '>=', 40)
    .orderBy('v.id')
    .executeTakeFirstOrThrow();
  const ticket = await uploadChecked(via, steps, art, 'logo.png');
  const item = {
    productId: sign.productId,
    colorId: sign.colorId,
    sizeId: sign.sizeId,
    quantity: 12,
    locations: [{ code: 'second-side', artworkId: ticket.artworkId }],
  };
  steps['checkout'] = await via(
    json('printed checkout', 'POST', '/api/cart/checkout', {
      items: [item],
      fulfillment: 'shipping',
      artworkOwner: ticket.ownerToken,
    }),
  );
  expect(steps['checkout'].status, steps['checkout'].body).toBe(201);
  const sessionId = sessionIdOf((JSON.parse(steps['checkout'].body) as { url: string }).url);
  steps['test checkout page'] = await via({
    label: 'test checkout',
    method: 'GET',
    path: `/test-checkout/${sessionId}`,
  });
  steps['pay'] = await via({
    label: 'test checkout, pay',
    method: 'POST',
    path: `/test-checkout/${sessionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'pay', ...TEST_CHECKOUT_CONTACT, email: buyer }).toString(),
  });
  const order = await orderBySession(database.db, sessionId);
  const known: Record<string, string> = {
    [ticket.uploadPath]: 'upload-url',
    [ticket.ownerToken]: 'owner-token',
    [sessionId]: 'session',
    [orderNumber(order.id)]: 'order-number',
    [buyer]: 'buyer',
  };
  return { orderId: order.id, known };
}

describe('the print shop’s routes answer on Netlify’s runtime as on the local server', () => {
  const orders: { orderId: string; known: Record<string, string> }[] = [];

  it('an order: artwork ticket, signed PUT and check, checkout, the test checkout’s pages, the order page', async () => {
    const steps: Record<string, RawAnswer>[] = [];
    // One file for both twins (png() draws a new one each time).
    const art = await png(600, 600);
    for (const [name, via] of SENDERS) {
      const answers: Record<string, RawAnswer> = {};
      orders.push(await placePrintedOrder(via, answers, `parity-${name}@example.com`, art));
      steps.push(answers);
    }
    for (const step of Object.keys(steps[0]!)) {
      const [onNetlify, onLocal] = steps.map((answers, twin) => normalized(answers[step]!, orders[twin]!.known));
      expect(onLocal, `${step}: the local server answers as Netlify does`).toEqual(onNetlify);
    }
    expect(steps[0]!['check']!.status).toBe(200);
    expect(steps[0]!['checkout']!.status).toBe(201);
    expect(steps[0]!['pay']!.status).toBe(303);

    // The order page of one order, read through both (the page, then a forged link).
    const page = await runtimes.expectSame({
      label: 'order page',
      method: 'GET',
      path: `/orders/${signLink('order', orders[0]!.orderId)}`,
    });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Where it is: Paid');
    const forged = await runtimes.expectSame({
      label: 'forged order link',
      method: 'GET',
      path: `/orders/${'0'.repeat(32)}.zzzzzz.${'A'.repeat(22)}`,
    });
    expect(forged.status).toBe(404);
  }, 240_000);

  it('the owner sends a proof, the customer approves it on the order page, the owner moves the stage and refunds', async () => {
    const login = await runtimes.expectSame(json('login', 'POST', '/api/admin/login', { password: PASSWORD }));
    expect(login.status).toBe(200);
    const { token } = JSON.parse(
      (await runtimes.viaLocal(json('login', 'POST', '/api/admin/login', { password: PASSWORD }))).body,
    ) as {
      token: string;
    };
    const authorization = `Bearer ${token}`;
    const proofFile = await png(800, 500);
    const proofSteps: Record<string, RawAnswer>[] = [{}, {}];
    const proofs: Awaited<ReturnType<typeof uploadChecked>>[] = [];
    for (const [twin, [, via]] of SENDERS.entries()) {
      proofs.push(await uploadChecked(via, proofSteps[twin]!, proofFile, 'proof.png'));
    }
    for (const step of Object.keys(proofSteps[0]!)) {
      const [onNetlify, onLocal] = proofSteps.map((answers, twin) =>
        normalized(answers[step]!, {
          ...orders[twin]!.known,
          [proofs[twin]!.uploadPath]: 'upload-url',
          [proofs[twin]!.ownerToken]: 'owner-token',
        }),
      );
      expect(onLocal, `proof ${step}: the local server answers as Netlify does`).toEqual(onNetlify);
    }
    /** The owner's POST on each twin's order (`body` for that twin), compared. */
    const onEachOrder = (label: string, action: string, body: (twin: number) => unknown) =>
      expectTwins(label, async (via, twin) => ({
        raw: await via(
          json(label, 'POST', `/api/orders/${orders[twin]!.orderId}/${action}`, body(twin), { authorization }),
        ),
        known: orders[twin]!.known,
      }));
    const sent = await onEachOrder('proof sent', 'proofs', (twin) => ({
      artwork_id: proofs[twin]!.artworkId,
      owner_token: proofs[twin]!.ownerToken,
      note: 'Logo 10 in wide',
    }));
    expect(sent.status).toBe(201);

    const approved = await expectTwins('approve on the order page', async (via, twin) => ({
      raw: await via({
        label: 'approve',
        method: 'POST',
        path: `/orders/${signLink('order', orders[twin]!.orderId)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'answer=approve',
      }),
      known: orders[twin]!.known,
    }));
    expect(approved.status).toBe(303);

    const moved = await onEachOrder('stage move', 'stage', () => ({ to: 'in_production' }));
    expect(moved.status).toBe(200);
    expect(moved.body).toContain('"stage":"in_production"');
    const refused = await onEachOrder('stage move refused', 'stage', () => ({ to: 'paid' }));
    expect(refused.status).toBe(409);

    const refund = await onEachOrder('refund', 'refunds', () => ({ amount_cents: 500, reason: 'Parity' }));
    expect(refund.status).toBe(201);
  }, 180_000);

  it('quotes: the form’s multipart post (API and page), the quote page', async () => {
    const art = await png(300, 200);
    const form = () => {
      const data = new FormData();
      data.set('what', 'Twenty tees with our logo');
      data.set('quantity', '20');
      data.set('fullName', 'Coach Parity');
      data.set('emailAddress', 'coach-parity@example.com');
      data.set('website', '');
      data.set('artwork', new Blob([art], { type: 'image/png' }), 'logo.png');
      return data;
    };
    const lastReference = async () =>
      (
        await database.db
          .selectFrom('quote_requests')
          .select('reference')
          .orderBy('created_at', 'desc')
          .executeTakeFirstOrThrow()
      ).reference;
    for (const path of ['/api/quote-requests', '/quote/send']) {
      const sent = await expectTwins(`quote post to ${path}`, async (via) => {
        const raw = await via({ label: path, method: 'POST', path, body: form() });
        expect(raw.status, `${raw.origin}: ${raw.body.slice(-3000)}`).toBeLessThan(400);
        return { raw, known: { [await lastReference()]: 'reference' } };
      });
      expect(sent.status).toBeLessThan(300);
    }

    const { id } = await database.db
      .selectFrom('quote_requests')
      .select('id')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    await saveQuoteRevision(database.db, id, {
      lines: [{ kind: 'custom', description: 'Team tee', quantity: 20, unit_price_cents: 1550, setup_fee_cents: 4000 }],
      discount_cents: 0,
      fulfillment: 'local',
      shipping_speed: null,
      valid_until: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    } as Parameters<typeof saveQuoteRevision>[2]);
    await sendQuote(database.db, id);
    const quote = await runtimes.expectSame({
      label: 'quote page',
      method: 'GET',
      path: `/quotes/${signLink('quote', id)}`,
    });
    expect(quote.status).toBe(200);
    expect(quote.body).toContain('Team tee');
  }, 120_000);
});
