import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installImageStore } from '../../src/server/admin/image-store.ts';
import { setRebuildHandler, setRebuildReporter } from '../../src/server/admin/rebuild.ts';
import { type LocalArtworkStore, localArtworkStore } from '../../src/server/artwork/local-store.ts';
import { installArtworkStore } from '../../src/server/artwork/store.ts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { issueAdminToken } from '../../src/server/staff/admin-tokens.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { config } from '../../src/server/config.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { ADMIN_ENDPOINTS } from '../support/hostile/admin-endpoints.ts';
import { ARTWORK_ENDPOINTS } from '../support/hostile/artwork-endpoints.ts';
import { ORDER_ENDPOINTS } from '../support/hostile/order-endpoints.ts';
import { QUOTE_ENDPOINTS } from '../support/hostile/quote-endpoints.ts';
import { SEARCH_ENDPOINTS } from '../support/hostile/search-endpoints.ts';
import { STORE_ENDPOINTS } from '../support/hostile/store-endpoints.ts';
import { STORE_ADMIN_ENDPOINTS } from '../support/hostile/store-admin-endpoints.ts';
import { type SearchBuild, writeSearchBuild } from '../support/search-files.ts';
import { HTML_TEXT, RAW_MARKUP, SQL_TEXT, UNICODE_TEXT } from '../support/hostile/corpus.ts';
import { loadFixtures } from '../support/hostile/fixtures.ts';
import { netlifySignature } from '../support/netlify-deploy.ts';
import { PUBLIC_ENDPOINTS } from '../support/hostile/public-endpoints.ts';
import { BAD_IMAGE_URLS, hostileUploads } from '../support/hostile/upload-corpus.ts';
import { hostileArtwork } from '../support/artwork-files.ts';
import { attackEndpoint, type Handler, type RunContext, send } from '../support/hostile/runner.ts';
import { ADMIN_PASSWORD, type EndpointSpec, type Fixtures } from '../support/hostile/spec.ts';

/*
 * Every endpoint in netlify/functions gets the hostile corpus (tests/support/hostile/corpus.ts)
 * in every place it takes input: the body as a whole, each text field, each query parameter
 * and each path id. Each answer must be a clear 4xx (JSON error, or the documented HTML page)
 * and never a 5xx; nothing stored may change, except where the input is valid after all (SQL
 * or markup in a contact message is text), and then it must be stored exactly as sent; and the
 * endpoint must still serve a normal request afterwards. On PostgreSQL 15 (production) and on
 * PGlite (the embedded default); the built-in test checkout stands in for Stripe, except for
 * the webhook.
 */

/** One entry per function file (the first test holds the two lists to each other). */
const ENDPOINTS: Record<string, EndpointSpec> = {
  ...PUBLIC_ENDPOINTS,
  ...STORE_ENDPOINTS,
  ...ADMIN_ENDPOINTS,
  ...ARTWORK_ENDPOINTS,
  ...ORDER_ENDPOINTS,
  ...QUOTE_ENDPOINTS,
  ...SEARCH_ENDPOINTS,
  ...STORE_ADMIN_ENDPOINTS,
};

const FUNCTIONS_DIR = fileURLToPath(new URL('../../netlify/functions/', import.meta.url));
const FUNCTION_NAMES = readdirSync(FUNCTIONS_DIR)
  .filter((file) => file.endsWith('.mts'))
  .map((file) => file.replace(/\.mts$/, ''))
  .sort();

const STRIPE_ENV = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE'] as const;
for (const key of [...STRIPE_ENV, 'SMTP_URL']) delete process.env[key];

const SECRET = randomBytes(32);
const adminToken = issueAdminToken(SECRET).token;
const handlers = new Map<string, Handler>();
let database: TestDatabase;
let fixtures: Fixtures;
let searchBuild: SearchBuild;
let artworkDir: string;
let artworkFiles: LocalArtworkStore;
const run = (): RunContext => ({ db: database.db, fixtures, adminToken });
const logs = ['log', 'info', 'warn', 'error'].map((level) =>
  vi.spyOn(console, level as 'log').mockImplementation(() => undefined),
);

beforeAll(async () => {
  // This file's copy of the server config is read now, without Stripe: the built-in checkout.
  expect(config().payments).toBe('embedded');
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword(ADMIN_PASSWORD, { N: 2 ** 14 })),
    tokenSecret: SECRET,
  });
  setRebuildHandler(() => undefined, { delayMs: 0 });
  // A run's later steps (running, succeeded) land after its request was checked: keep them out of
  // the next request's snapshot. The "queued" a save writes itself is checked (publish_status).
  setRebuildReporter(async () => undefined);
  artworkDir = mkdtempSync(join(tmpdir(), 'shop-hostile-artwork-'));
  artworkFiles = localArtworkStore(artworkDir);
  installArtworkStore(artworkFiles);
  for (const name of FUNCTION_NAMES) {
    handlers.set(name, (await import(`../../netlify/functions/${name}.mts`)).default as Handler);
  }
});
afterAll(() => {
  installArtworkStore(undefined);
  rmSync(artworkDir, { recursive: true, force: true });
  installAdminCredentials(undefined);
  for (const spy of logs) spy.mockRestore();
});

describe('the hostile input corpus', () => {
  it('has an entry for every function in netlify/functions, and none for a function that is gone', () => {
    expect(FUNCTION_NAMES.filter((name) => !ENDPOINTS[name])).toEqual([]);
    expect(Object.keys(ENDPOINTS).filter((name) => !FUNCTION_NAMES.includes(name))).toEqual([]);
    for (const [name, spec] of Object.entries(ENDPOINTS)) {
      expect(spec.scheduled || spec.bodies?.length || spec.reads?.length, name).toBeTruthy();
    }
  });

  it('leaves scheduled functions out because nothing can send them a request', async () => {
    for (const [name] of Object.entries(ENDPOINTS).filter(([, s]) => s.scheduled)) {
      const module = await import(`../../netlify/functions/${name}.mts`);
      expect(module.config.path, name).toBeUndefined();
      expect(module.config.schedule, name).toBeTruthy();
    }
  });
});

describe.each(DATABASE_KINDS)('the hostile input corpus against every endpoint on %s', (kind) => {
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    searchBuild = await writeSearchBuild(database.db);
    fixtures = await loadFixtures(database.db, handlers, {
      token: adminToken,
      issueToken: () => issueAdminToken(SECRET).token,
    });
  });
  afterAll(async () => {
    searchBuild.dispose();
    await database.dispose();
  });

  for (const name of FUNCTION_NAMES) {
    const spec = ENDPOINTS[name];
    if (!spec || spec.scheduled || spec.stripe || spec.netlifyDeploys) continue;
    it(`${name}: answers every hostile request with a 4xx or stores it verbatim, and keeps serving`, {
      timeout: 60_000,
    }, async () => {
      const problems = await attackEndpoint(spec, handlers.get(name)!, run());
      expect(problems).toEqual([]);
    });
  }

  it('refuses uploads that are not whole images and image URLs outside the allowed places, storing nothing', {
    timeout: 60_000,
  }, async () => {
    const saved: string[] = [];
    installImageStore({
      save: async (name) => {
        saved.push(name);
        return `/uploads/${name}`;
      },
      remove: async () => undefined,
    });
    try {
      const uploads = await hostileUploads();
      const before = await snapshot(database.db);
      for (const name of ['admin-products-write', 'admin-collections-write', 'admin-services-write']) {
        const route = ENDPOINTS[name]!.bodies!.find((b) => b.method === 'POST')!;
        const post = (extra: Record<string, unknown>) =>
          send(handlers.get(name)!, {
            method: 'POST',
            path: route.path(fixtures, {}),
            contentType: 'application/json',
            headers: { authorization: `Bearer ${adminToken}` },
            body: JSON.stringify({ ...route.valid(fixtures), ...extra }),
          });
        for (const upload of uploads) {
          const res = await post({
            imageMainBase64: upload.bytes.toString('base64'),
            imageMainContentType: upload.contentType,
          });
          const body = (await res.json()) as { error: { fields: Record<string, string> } };
          expect(res.status, `${name}: ${upload.name}`).toBe(upload.status);
          expect(Object.keys(body.error.fields), `${name}: ${upload.name}`).toEqual(['imageMainBase64']);
        }
        for (const url of BAD_IMAGE_URLS) {
          const res = await post({ image_main_url: url });
          expect(res.status, `${name}: ${url}`).toBe(400);
          expect(((await res.json()) as { error: { fields: object } }).error.fields, url).toHaveProperty(
            'image_main_url',
          );
        }
      }
      expect(changedTables(before, await snapshot(database.db))).toEqual([]);
      expect(saved).toEqual([]);
    } finally {
      installImageStore(undefined);
    }
  });

  it('refuses hostile artwork files with 413/415 and a message, keeping only the rejected row', {
    // One of the files is drawn until the check's CPU limit (3 s): on a busy machine, more by the clock.
    timeout: 180_000,
  }, async () => {
    for (const file of await hostileArtwork()) {
      const created = await send(handlers.get('artwork-uploads')!, {
        method: 'POST',
        path: '/api/artwork/uploads',
        contentType: 'application/json',
        body: JSON.stringify({ fileName: 'artwork.png', size: file.bytes.length }),
      });
      const { artworkId, ownerToken, upload } = (await created.json()) as {
        artworkId: string;
        ownerToken: string;
        upload: { url: string };
      };
      const put = await artworkFiles.serve(
        new Request(new URL(upload.url, 'http://localhost:4321'), { method: 'PUT', body: new Uint8Array(file.bytes) }),
      );
      expect(put.status, file.name).toBe(200);
      const before = await snapshot(database.db);
      const res = await send(handlers.get('artwork-check')!, {
        method: 'POST',
        path: `/api/artwork/${artworkId}/check`,
        params: { id: artworkId },
        contentType: 'application/json',
        body: JSON.stringify({ ownerToken }),
      });
      const body = (await res.json()) as { error: { message: string } };
      expect(res.status, file.name).toBe(file.status);
      expect(body.error.message, file.name).toBeTruthy();
      expect(changedTables(before, await snapshot(database.db)), file.name).toEqual(['artwork']);
      const row = await database.db
        .selectFrom('artwork')
        .select(['status', 'content_type', 'thumbnail_key'])
        .where('id', '=', artworkId)
        .executeTakeFirstOrThrow();
      expect(row, file.name).toEqual({ status: 'rejected', content_type: null, thumbnail_key: null });
      expect(
        readdirSync(artworkDir).includes(artworkId) ? readdirSync(join(artworkDir, artworkId)) : [],
        file.name,
      ).toEqual(['.upload-used']);
    }
  });

  it('stores markup sent as contact text verbatim and escapes it in both mails', async () => {
    const email = `markup.${fixtures.unique()}@example.com`;
    const message = `${HTML_TEXT[0]} ${HTML_TEXT[1]} ${SQL_TEXT[0]} ${UNICODE_TEXT[1]}`;
    const res = await send(handlers.get('contact')!, {
      method: 'POST',
      path: '/api/contact',
      contentType: 'application/json',
      body: JSON.stringify({ fullName: HTML_TEXT[1], emailAddress: email, subject: 'Other', message }),
    });
    expect(res.status).toBe(200);
    const stored = await database.db
      .selectFrom('contact_messages')
      .select(['full_name', 'message'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ full_name: HTML_TEXT[1], message });
    const mails = await database.db
      .selectFrom('email_outbox')
      .select(['template_name', 'text_body', 'html_body', 'subject'])
      .where('template_name', 'like', 'contact-%')
      .orderBy('created_at', 'desc')
      .limit(2)
      .execute();
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      // Only the shop's notification quotes the message; the acknowledgement to the typed
      // address never does (docs/decisions/0013-trust-audit.md item 5), it only greets the sender by name.
      if (mail.template_name === 'contact-notification') expect(mail.text_body).toContain(message);
      else expect(mail.text_body).not.toContain(message);
      for (const raw of RAW_MARKUP) expect(mail.html_body ?? '').not.toContain(raw);
      expect(mail.html_body).toContain('&lt;img src=x onerror=alert(1)&gt;');
      if (mail.template_name === 'contact-notification') expect(mail.html_body).toContain('&lt;script&gt;alert(');
    }
  });
});

describe('the hostile input corpus against the Stripe webhook on postgres', () => {
  const WEBHOOK_SECRET = 'whsec_hostile';
  const signer = new Stripe('sk_test_signer');
  let webhook: Handler;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    installDatabase(database);
    // A second copy of the function and its config, read with Stripe configured.
    process.env['STRIPE_SECRET_KEY'] = 'sk_test_hostile';
    process.env['STRIPE_WEBHOOK_SECRET'] = WEBHOOK_SECRET;
    vi.resetModules();
    webhook = (await import('../../netlify/functions/stripe-webhook.mts')).default as Handler;
  });
  afterAll(async () => {
    for (const key of STRIPE_ENV) delete process.env[key];
    await database.dispose();
  });

  it('refuses every hostile body that is not signed with a 400 and applies nothing', async () => {
    const problems = await attackEndpoint(ENDPOINTS['stripe-webhook']!, webhook, run());
    expect(problems).toEqual([]);
  });

  const signed = (payload: string) =>
    send(webhook, {
      method: 'POST',
      path: '/api/stripe/webhook',
      contentType: 'application/json',
      body: payload,
      headers: { 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
    });
  const event = (id: string, session: Record<string, unknown>) =>
    JSON.stringify({
      id,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { object: 'checkout.session', status: 'complete', payment_status: 'paid', ...session } },
    });

  it('refuses signed bodies that are not an event with a 400 and applies nothing', async () => {
    const before = await snapshot(database.db);
    for (const payload of ['{', 'null', '[]', '"x"', `${'['.repeat(10_000)}${']'.repeat(10_000)}`]) {
      const res = await signed(payload);
      expect(res.status, payload.slice(0, 20)).toBe(400);
    }
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });

  it('treats SQL, markup and Unicode in a signed event as data: recorded once, matching no order', async () => {
    for (const [i, value] of [...SQL_TEXT, ...HTML_TEXT, ...UNICODE_TEXT].entries()) {
      const before = await snapshot(database.db);
      const id = `evt_${i}_${value}`;
      const res = await signed(event(id, { id: `cs_test_${value}`, client_reference_id: value }));
      expect(res.status, value).toBe(200);
      expect(await res.json(), value).toMatchObject({ outcome: 'unknown_order' });
      // The event id is kept (so a redelivery is a duplicate), exactly as Stripe sent it.
      expect(changedTables(before, await snapshot(database.db)), value).toEqual(['webhook_events']);
      const row = await database.db.selectFrom('webhook_events').select('id').where('id', '=', id).executeTakeFirst();
      expect(row, value).toEqual({ id });
    }
  });
});

describe('the hostile input corpus against the Netlify deploy notifications on postgres', () => {
  const DEPLOY_SECRET = 'jws-hostile';
  let deployEvents: Handler;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    installDatabase(database);
    // A second copy of the function and its config, read with the JWS secret set.
    process.env['NETLIFY_DEPLOY_WEBHOOK_SECRET'] = DEPLOY_SECRET;
    vi.resetModules();
    deployEvents = (await import('../../netlify/functions/netlify-deploy-events.mts')).default as Handler;
  });
  afterAll(async () => {
    delete process.env['NETLIFY_DEPLOY_WEBHOOK_SECRET'];
    await database.dispose();
  });

  it('refuses every hostile body that is not signed with a 4xx and changes nothing', async () => {
    const problems = await attackEndpoint(ENDPOINTS['netlify-deploy-events']!, deployEvents, run());
    expect(problems).toEqual([]);
  });

  it('refuses signed bodies that are not a deploy with a 400 and changes nothing', async () => {
    const before = await snapshot(database.db);
    const notDeploys = ['{', 'null', '[]', '"x"', '{"state":7}', `${'['.repeat(10_000)}${']'.repeat(10_000)}`];
    const cases: [string, number][] = [
      ...notDeploys.map((payload): [string, number] => [payload, 400]),
      // SQL as a state is text, not a deploy state of the storefront: ignored (204) like a preview.
      ...SQL_TEXT.map((state): [string, number] => [JSON.stringify({ state, context: 'production' }), 204]),
    ];
    for (const [payload, expected] of cases) {
      const res = await send(deployEvents, {
        method: 'POST',
        path: '/api/netlify/deploy-events',
        contentType: 'application/json',
        body: payload,
        headers: { 'x-webhook-signature': netlifySignature(payload, DEPLOY_SECRET) },
      });
      expect(res.status, payload.slice(0, 20)).toBe(expected);
    }
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });
});
