import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import colors from '../../netlify/functions/admin-colors.mts';
import publishStatus from '../../netlify/functions/admin-publish-status.mts';
import type { PublishStatusAnswer } from '../../src/lib/admin-schemas/publish.ts';
import {
  buildHookHandler,
  flushRebuild,
  type RebuildHandler,
  setRebuildHandler,
} from '../../src/server/admin/rebuild.ts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { issueAdminToken } from '../../src/server/staff/admin-tokens.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * After a save that changes the public pages, the admin can ask whether they are live yet:
 * queued, then succeeded (live since) or failed (the build's error); with a Netlify build hook,
 * requested (Netlify builds it and does not report back).
 */
const SECRET = randomBytes(32);
const authorization = `Bearer ${issueAdminToken(SECRET).token}`;

async function status() {
  const res = await callFunction(publishStatus, '/api/admin/publish-status', { headers: { authorization } });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return (JSON.parse(text) as PublishStatusAnswer).publish;
}

beforeAll(async () => {
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword('unused', { N: 2 ** 14 })),
    tokenSecret: SECRET,
  });
});
afterAll(() => installAdminCredentials(undefined));

describe.each(DATABASE_KINDS)('the publish status after an admin save, on %s', (kind) => {
  let database: TestDatabase;
  let colorId: string;
  let colorName: string;

  /** Saves a colour unchanged: enough to ask for a rebuild of the public pages. */
  async function saveColor() {
    const res = await callFunction(colors, `/api/colors/${colorId}`, {
      method: 'PUT',
      params: { id: colorId },
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ name: colorName }),
    });
    expect(res.status, await res.text()).toBe(200);
  }
  function handle(handler: RebuildHandler) {
    setRebuildHandler(handler, { delayMs: 60_000 });
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    const color = await database.db
      .selectFrom('colors')
      .select(['id', 'name'])
      .orderBy('name')
      .executeTakeFirstOrThrow();
    colorId = color.id;
    colorName = color.name;
  });
  afterEach(async () => {
    await flushRebuild();
    setRebuildHandler(null);
  });
  afterAll(() => database.dispose());

  it('is null before any save, and refuses a request without the admin token', async () => {
    expect(await status()).toBeNull();
    // No NETLIFY_DEPLOY_WEBHOOK_SECRET here: nothing will report after "requested".
    const answer = await callFunction(publishStatus, '/api/admin/publish-status', { headers: { authorization } });
    expect(((await answer.json()) as PublishStatusAnswer).deploy_notifications).toBe(false);
    const res = await callFunction(publishStatus, '/api/admin/publish-status');
    expect(res.status).toBe(401);
  });

  it('says queued as soon as the save answers, then live since the time the rebuild succeeded', async () => {
    let release!: () => void;
    handle(() => new Promise<void>((resolve) => (release = resolve)));
    const before = Date.now();
    await saveColor();
    const queued = await status();
    expect(queued).toMatchObject({ state: 'queued', error: null, finished_at: null });
    expect(Date.parse(queued!.requested_at)).toBeGreaterThanOrEqual(before - 1000);

    const done = flushRebuild();
    await vi.waitFor(async () => expect((await status())?.state).toBe('running'));
    release();
    await done;
    const live = await status();
    expect(live).toMatchObject({ state: 'succeeded', error: null });
    expect(live!.live_since).toBe(live!.finished_at);
    expect(Date.parse(live!.live_since!)).toBeGreaterThanOrEqual(Date.parse(queued!.requested_at));
  });

  it("shows the build's error when the rebuild fails, and keeps when the pages were last live", async () => {
    const lastLive = (await status())!.live_since;
    expect(lastLive).not.toBeNull();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    handle(() => {
      throw new Error('The build failed; the previous pages stay up. astro build failed (exit 1)');
    });
    await saveColor();
    await flushRebuild();
    log.mockRestore();
    expect(await status()).toMatchObject({
      state: 'failed',
      error: 'The build failed; the previous pages stay up. astro build failed (exit 1)',
      live_since: lastLive,
    });
  });

  it('with a Netlify build hook, says the build was requested (not that it is live), or the hook failed', async () => {
    const accepted = vi.fn(async () => new Response('', { status: 200 }));
    handle(buildHookHandler('https://api.netlify.com/build_hooks/abc', accepted as unknown as typeof fetch));
    await saveColor();
    await flushRebuild();
    expect(accepted).toHaveBeenCalledTimes(1);
    expect(await status()).toMatchObject({ state: 'requested', error: null });

    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const refused = async () => new Response('', { status: 404 });
    handle(buildHookHandler('https://api.netlify.com/build_hooks/abc', refused as unknown as typeof fetch));
    await saveColor();
    await flushRebuild();
    log.mockRestore();
    expect(await status()).toMatchObject({ state: 'failed', error: 'The Netlify build hook answered 404.' });
  });

  it('says what the publish under way holds, what waits for the next one, and how long a publish usually takes', async () => {
    let release!: () => void;
    handle(() => new Promise<void>((resolve) => (release = resolve)));
    await saveColor();
    expect(await status()).toMatchObject({ state: 'queued', building: [], waiting: ['color'] });

    const first = flushRebuild();
    await vi.waitFor(async () => expect((await status())?.state).toBe('running'));
    expect(await status()).toMatchObject({ building: ['color'], waiting: [] });
    // Saved while the pages build: it waits for the next publish, and this one keeps running.
    await saveColor();
    expect(await status()).toMatchObject({ state: 'running', building: ['color'], waiting: ['color'] });
    release();
    await first;
    const between = await status();
    expect(between).toMatchObject({ state: 'queued', building: [], waiting: ['color'] });
    expect(between!.usual_seconds).toEqual(expect.any(Number));

    const second = flushRebuild();
    await vi.waitFor(async () => expect((await status())?.state).toBe('running'));
    expect(await status()).toMatchObject({ building: ['color'], waiting: [] });
    release();
    await second;
    expect(await status()).toMatchObject({ state: 'succeeded', building: [], waiting: [] });
  });
});
