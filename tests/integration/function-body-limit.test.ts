import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopServer, type ShopServer } from '../../scripts/server/create-server.mts';
import { localArtworkStore } from '../../src/server/artwork/local-store.ts';
import { installArtworkStore } from '../../src/server/artwork/store.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { pdf } from '../support/artwork-files.ts';
import { postChunked } from '../support/chunked-post.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * Netlify refuses a function's request body past 6 MB however it is sent (issue 25.5). The local
 * server counted only Content-Length, so a chunked body of any size reached the function: a
 * 45 MB quote request post was read and handled. These run the shop's real functions.
 */
const MB = 1024 * 1024;
const site = fileURLToPath(new URL('../fixtures/local-server/site', import.meta.url));
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'shop-body-limit-'));
  installArtworkStore(localArtworkStore(dir));
});
afterAll(() => {
  installArtworkStore(undefined);
  rmSync(dir, { recursive: true, force: true });
});

const BOUNDARY = 'body-limit-boundary';
function quotePost(): { head: Buffer; tail: Buffer } {
  const field = (name: string, value: string) =>
    `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const fields = [
    field('what', 'Event banners, 3 × 6 ft'),
    field('quantity', '300'),
    field('fullName', 'Dana Whitfield'),
    field('emailAddress', 'dana.whitfield@example.com'),
    field('website', ''),
    `--${BOUNDARY}\r\ncontent-disposition: form-data; name="artwork"; filename="banner.pdf"\r\n`,
    'content-type: application/pdf\r\n\r\n',
  ].join('');
  return {
    head: Buffer.concat([Buffer.from(fields), pdf({ width: 432, height: 216 })]),
    tail: Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  };
}

describe.each(DATABASE_KINDS)('the 6 MB function body limit under the local server on %s', (kind) => {
  let database: TestDatabase;
  let server: ShopServer;
  const count = async (table: 'quote_requests' | 'artwork' | 'contact_messages') =>
    (await database.db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    server = await createShopServer({ distDir: site, functionsDir: 'netlify/functions', port: 0, log: () => {} });
  });
  afterAll(async () => {
    await server?.close();
    await database?.dispose();
  });

  it('refuses a 45 MB quote request sent chunked with 413, stores nothing and stops reading', async () => {
    const before = { quotes: await count('quote_requests'), artwork: await count('artwork') };
    const res = await postChunked(
      `${server.url}/api/quote-requests`,
      { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, origin: server.url },
      { ...quotePost(), padding: 45 * MB },
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(res.sent).toBeLessThan(24 * MB);
    expect(await count('quote_requests')).toBe(before.quotes);
    expect(await count('artwork')).toBe(before.artwork);
    expect(readdirSync(dir).filter((name) => !name.startsWith('.'))).toEqual([]);
  });

  it('still hands a chunked body under 6 MB to the function, which applies its own limit', async () => {
    const before = await count('contact_messages');
    const under = await postChunked(
      `${server.url}/api/contact`,
      { 'content-type': 'application/json' },
      { head: Buffer.from('{"pad":"'), padding: 6 * MB - 64, tail: Buffer.from('"}') },
    );
    // Under the server's limit the function decides: the contact form's own 64 KB limit.
    expect(under.status).toBe(413);
    expect(JSON.parse(under.body).error.message).toMatch(/65536 bytes/);
    expect(await count('contact_messages')).toBe(before);
  });
});
