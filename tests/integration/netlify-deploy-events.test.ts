import { randomBytes } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublishStatus, PublishStatusAnswer } from '../../src/lib/admin-schemas/publish.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { deployBody, netlifySignature } from '../support/netlify-deploy.ts';

/**
 * With NETLIFY_BUILD_HOOK_URL Netlify builds the storefront; its signed deploy notifications
 * (Deploy started / succeeded / failed) tell the admin's publish status what happened, so the
 * header says "Publishing…", then "Live since …" or the build's error (docs/decisions/0013-trust-audit.md item 10).
 */
type Handler = (req: Request, context: Context) => Promise<Response>;
const WEBHOOK_SECRET = 'jws-secret-of-the-deploy-notification';
const ADMIN_SECRET = randomBytes(32);
const saved = process.env['NETLIFY_DEPLOY_WEBHOOK_SECRET'];
let events: Handler;
let publishStatus: Handler;
let authorization: string;
let recordQueued: (db: TestDatabase['db']) => Promise<void>;

beforeAll(async () => {
  // Read before the server config is: this file's copy of it has the secret.
  process.env['NETLIFY_DEPLOY_WEBHOOK_SECRET'] = WEBHOOK_SECRET;
  events = (await import('../../netlify/functions/netlify-deploy-events.mts')).default as Handler;
  publishStatus = (await import('../../netlify/functions/admin-publish-status.mts')).default as Handler;
  const { installAdminCredentials } = await import('../../src/server/auth/admin-credentials.ts');
  const { issueAdminToken } = await import('../../src/server/staff/admin-tokens.ts');
  const { hashPassword, parsePasswordHash } = await import('../../src/server/auth/password-hash.ts');
  const { recordPublish } = await import('../../src/server/admin/publish-status.ts');
  recordQueued = (db) => recordPublish(db, { step: 'queued' });
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword('unused', { N: 2 ** 14 })),
    tokenSecret: ADMIN_SECRET,
  });
  authorization = `Bearer ${issueAdminToken(ADMIN_SECRET).token}`;
});
afterAll(async () => {
  (await import('../../src/server/auth/admin-credentials.ts')).installAdminCredentials(undefined);
  if (saved === undefined) delete process.env['NETLIFY_DEPLOY_WEBHOOK_SECRET'];
  else process.env['NETLIFY_DEPLOY_WEBHOOK_SECRET'] = saved;
});

const deliver = (
  body: string,
  headers: Record<string, string> = { 'x-webhook-signature': netlifySignature(body, WEBHOOK_SECRET) },
) =>
  callFunction(events, '/api/netlify/deploy-events', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

async function status(): Promise<PublishStatus | null> {
  const res = await callFunction(publishStatus, '/api/admin/publish-status', { headers: { authorization } });
  expect(res.status).toBe(200);
  return ((await res.json()) as PublishStatusAnswer).publish;
}

// Each test's deploys happen after the previous test's (the row keeps the latest event's time).
let clock = 0;
const later = () => {
  clock += 60_000;
  return new Date(clock).toISOString();
};

describe.each(DATABASE_KINDS)('Netlify deploy notifications on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    clock = Date.now() - 60 * 60_000;
    const { installDatabase } = await import('../../src/server/db/index.ts');
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('tells the admin that Netlify reports its deploys here, so a requested build is worth watching', async () => {
    const res = await callFunction(publishStatus, '/api/admin/publish-status', { headers: { authorization } });
    expect(((await res.json()) as PublishStatusAnswer).deploy_notifications).toBe(true);
  });

  it('says publishing once a production deploy started, then live since its published_at', async () => {
    expect(await status()).toBeNull();
    const created = later();
    const started = await deliver(deployBody({ state: 'building', created_at: created, updated_at: later() }));
    expect(started.status).toBe(200);
    expect(await started.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await status()).toMatchObject({ state: 'running', error: null, finished_at: null });

    const publishedAt = later();
    const ready = await deliver(
      deployBody({ state: 'ready', created_at: created, published_at: publishedAt, updated_at: later() }),
    );
    expect(ready.status).toBe(200);
    expect(await status()).toMatchObject({ state: 'succeeded', error: null, live_since: publishedAt });
  });

  it("shows the build's error when the deploy failed, keeping when the pages were last live", async () => {
    const lastLive = (await status())!.live_since;
    const created = later();
    await deliver(deployBody({ state: 'building', created_at: created, updated_at: later() }));
    const failed = await deliver(
      deployBody({
        state: 'error',
        created_at: created,
        updated_at: later(),
        error_message: 'Build script returned non-zero exit code: 2',
      }),
    );
    expect(failed.status).toBe(200);
    expect(await status()).toMatchObject({
      state: 'failed',
      error: 'Build script returned non-zero exit code: 2',
      live_since: lastLive,
    });
  });

  it('refuses a wrong secret, a changed body, a missing header and another issuer with 401, changing nothing', async () => {
    const before = await status();
    const body = deployBody({ state: 'ready', published_at: later(), updated_at: later() });
    const attempts: [string, Promise<Response>][] = [
      ['wrong secret', deliver(body, { 'x-webhook-signature': netlifySignature(body, 'not-the-secret') })],
      [
        'changed body',
        deliver(body.replace('"ready"', '"ready" '), { 'x-webhook-signature': netlifySignature(body, WEBHOOK_SECRET) }),
      ],
      ['missing header', deliver(body, {})],
      [
        'another issuer',
        deliver(body, {
          'x-webhook-signature': netlifySignature(body, WEBHOOK_SECRET, {
            iss: 'someone-else',
            sha256: (await import('node:crypto')).createHash('sha256').update(body).digest('hex'),
          }),
        }),
      ],
      ['garbage header', deliver(body, { 'x-webhook-signature': 'not.a.jws' })],
    ];
    for (const [label, pending] of attempts) {
      const res = await pending;
      expect(res.status, label).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code, label).toBe('invalid_signature');
    }
    expect(await status()).toEqual(before);
  });

  it('ignores deploy previews and branch deploys (204)', async () => {
    const before = await status();
    for (const context of ['deploy-preview', 'branch-deploy']) {
      const res = await deliver(deployBody({ state: 'ready', context, published_at: later(), updated_at: later() }));
      expect(res.status, context).toBe(204);
      const building = await deliver(deployBody({ state: 'building', context, updated_at: later() }));
      expect(building.status, context).toBe(204);
    }
    expect(await status()).toEqual(before);
  });

  it('does not let an older event delivered late overwrite a newer one', async () => {
    const created = later();
    const startedAt = later();
    const publishedAt = later();
    const ready = deployBody({ state: 'ready', created_at: created, published_at: publishedAt, updated_at: later() });
    expect((await deliver(ready)).status).toBe(200);
    const late = await deliver(deployBody({ state: 'building', created_at: created, updated_at: startedAt }));
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual({ received: true, outcome: 'stale' });
    expect(await status()).toMatchObject({ state: 'succeeded', live_since: publishedAt });
  });

  it('keeps saying publishing when a deploy created before the latest save finishes', async () => {
    const created = later();
    await recordQueued(database.db);
    const publishedAt = new Date().toISOString();
    const res = await deliver(deployBody({ state: 'ready', created_at: created, published_at: publishedAt }));
    expect(await res.json()).toEqual({ received: true, outcome: 'stale' });
    // That deploy is live (live_since), but it cannot hold the save: the save's own build reports.
    expect(await status()).toMatchObject({ state: 'queued', live_since: publishedAt });
  });
});

describe('the deploy notification endpoint without NETLIFY_DEPLOY_WEBHOOK_SECRET', () => {
  it('does not exist (404), whatever is sent', async () => {
    delete process.env['NETLIFY_DEPLOY_WEBHOOK_SECRET'];
    vi.resetModules();
    const unconfigured = (await import('../../netlify/functions/netlify-deploy-events.mts')).default as Handler;
    const body = deployBody({ state: 'ready' });
    const res = await callFunction(unconfigured, '/api/netlify/deploy-events', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-signature': netlifySignature(body, WEBHOOK_SECRET) },
      body,
    });
    process.env['NETLIFY_DEPLOY_WEBHOOK_SECRET'] = WEBHOOK_SECRET;
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });
});
