import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopServer, type ShopServer } from '../../scripts/server/create-server.mts';
import { TOO_COMPLEX } from '../../src/server/artwork/check-limits.ts';
import { localArtworkStore } from '../../src/server/artwork/local-store.ts';
import { artworkStore, installArtworkStore, localStorageStandIn, originalKey } from '../../src/server/artwork/store.ts';
import { createArtworkUpload } from '../../src/server/artwork/uploads.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { slowSvg } from '../support/hostile/artwork-bombs.ts';
import { startShop } from '../support/shop-process.ts';

/**
 * docs/decisions/0025-hardening.md item 1: a check that runs long holds nothing the rest of the
 * shop needs, and does not keep the server from stopping. Asserted on order and outcome, not on timings (the benchmark
 * measures those).
 */
const OWNER = 'isolation-owner-token-0123456789abcdefgh';

/**
 * POSTs JSON to the local server from a loopback address of its own: the check slots are shared
 * by address (docs/decisions/0041-outside-audit.md item 4), so four customers' checks run two at
 * a time where one customer's would run one at a time.
 */
function postFrom(localAddress: string, port: number, path: string, body: unknown) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
const dir = mkdtempSync(join(tmpdir(), 'shop-artwork-isolation-'));
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  installDatabase(database);
  installArtworkStore(localArtworkStore(join(dir, 'artwork')));
});
afterAll(async () => {
  installArtworkStore(undefined);
  await database.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('a long artwork check', () => {
  let server: ShopServer;
  beforeAll(async () => {
    server = await createShopServer({
      distDir: fileURLToPath(new URL('../fixtures/local-server/site', import.meta.url)),
      functionsDir: 'netlify/functions',
      port: 0,
      storage: localStorageStandIn(),
      log: () => undefined,
    });
  });
  afterAll(() => server.close());

  it('leaves the home page and the API answering while four run, then is refused as too complex', {
    // Four customers' checks of 3 s of CPU each, two at a time, at a lower priority: on a busy machine, long.
    timeout: 120_000,
  }, async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { artworkId } = await createArtworkUpload(database.db, {
        fileName: 'slow.svg',
        size: 1000,
        ownerToken: OWNER,
      });
      await artworkStore().write(originalKey(artworkId), slowSvg(), 'image/svg+xml');
      ids.push(artworkId);
    }
    let checksAnswered = 0;
    const checks = ids.map(async (id, n) => {
      const answer = await postFrom(`127.0.0.${11 + n}`, server.port, `/api/artwork/${id}/check`, {
        ownerToken: OWNER,
      });
      checksAnswered++;
      return answer;
    });
    // Let the checks start drawing first.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const home = await fetch(`${server.url}/`);
    const api = await fetch(`${server.url}/api/collections`);
    expect(home.status).toBe(200);
    expect(api.status).toBe(200);
    expect(checksAnswered).toBe(0);
    for (const answer of await Promise.all(checks)) {
      expect(answer).toEqual({ status: 413, body: { error: expect.objectContaining({ message: TOO_COMPLEX }) } });
    }
  });
});

describe('npm start', () => {
  it('exits within its shutdown deadline on SIGTERM while a check runs, and answers the check 503', {
    timeout: 120_000,
  }, async () => {
    const shop = await startShop({
      DATABASE_URL: database.url!,
      DATA_DIR: join(dir, 'shop'),
      ARTWORK_CHECK_CPU_SECONDS: '120',
      ARTWORK_CHECK_TIMEOUT_MS: '120000',
      SHUTDOWN_DEADLINE_MS: '8000',
    });
    const exited = new Promise<number | null>((resolve) => shop.child.on('exit', (code) => resolve(code)));
    const ticket = (await (
      await fetch(`${shop.url}/api/artwork/uploads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fileName: 'slow.svg', size: slowSvg().length }),
      })
    ).json()) as { artworkId: string; ownerToken: string; upload: { url: string } };
    const put = await fetch(new URL(ticket.upload.url, shop.url), { method: 'PUT', body: new Uint8Array(slowSvg()) });
    expect(put.status).toBe(200);
    const check = fetch(`${shop.url}/api/artwork/${ticket.artworkId}/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ownerToken: ticket.ownerToken }),
    }).then((res) => res.status);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    shop.child.kill('SIGTERM');
    const outcome = await Promise.race([
      exited.then((code) => ({ code })),
      new Promise((resolve) => setTimeout(() => resolve('still running after 12 s'), 12_000)),
    ]);
    if (outcome === 'still running after 12 s') shop.child.kill('SIGKILL');
    expect(outcome).toEqual({ code: 0 });
    expect(await check.catch(() => 'connection closed')).toBe(503);
  });
});
