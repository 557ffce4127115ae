import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopServer } from '../../scripts/server/create-server.mts';
import adminOriginal from '../../netlify/functions/admin-artwork-original.mts';
import checkFunction from '../../netlify/functions/artwork-check.mts';
import thumbnailFunction from '../../netlify/functions/artwork-thumbnail.mts';
import uploadsFunction from '../../netlify/functions/artwork-uploads.mts';
import type { ArtworkCheckResult, UploadTicket } from '../../src/lib/artwork/artwork-schema.ts';
import { MAX_ARTWORK_BYTES } from '../../src/lib/artwork/artwork-schema.ts';
import { type LocalArtworkStore, localArtworkStore } from '../../src/server/artwork/local-store.ts';
import { installArtworkStore, localStorageStandIn } from '../../src/server/artwork/store.ts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { issueAdminToken } from '../../src/server/staff/admin-tokens.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { ARTWORK_UPLOAD_THROTTLE } from '../../src/server/throttle/shop-throttles.ts';
import { hostileArtwork, jpeg, pdf, png, svg, transparentPng } from '../support/artwork-files.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

const ORIGIN = 'http://localhost:4321';
const SECRET = randomBytes(32);
let clock = Date.now();
let dir: string;
let store: LocalArtworkStore;

beforeAll(async () => {
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword('artwork admin password', { N: 2 ** 14 })),
    tokenSecret: SECRET,
  });
  dir = mkdtempSync(join(tmpdir(), 'shop-artwork-'));
  store = localArtworkStore(dir, { now: () => clock });
  installArtworkStore(store);
});
afterAll(() => {
  installArtworkStore(undefined);
  installAdminCredentials(undefined);
  rmSync(dir, { recursive: true, force: true });
});

const post = (handler: typeof uploadsFunction, path: string, body: unknown, params: Record<string, string> = {}) =>
  callFunction(handler, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    params,
  });

async function ticket(fileName: string, size: number, ownerToken?: string): Promise<UploadTicket> {
  const res = await post(uploadsFunction, '/api/artwork/uploads', { fileName, size, ownerToken });
  expect(res.status).toBe(201);
  return (await res.json()) as UploadTicket;
}

const put = (url: string, bytes: Buffer | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  store.serve(
    new Request(new URL(url, ORIGIN), {
      method: 'PUT',
      body: bytes as BodyInit,
      headers,
      ...(bytes instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit),
  );

const check = (t: UploadTicket, printWidthInches: number | null = null, ownerToken = t.ownerToken) =>
  post(checkFunction, `/api/artwork/${t.artworkId}/check`, { ownerToken, printWidthInches }, { id: t.artworkId });

/** Upload + check of one file; answers the check's response. */
async function send(name: string, bytes: Buffer, printWidthInches: number | null = null) {
  const t = await ticket(name, bytes.length);
  expect((await put(t.upload.url, bytes)).status).toBe(200);
  return { t, res: await check(t, printWidthInches) };
}

const filesOf = (id: string) => {
  try {
    return readdirSync(join(dir, id)).filter((n) => !n.startsWith('.'));
  } catch {
    return [];
  }
};

describe.each(DATABASE_KINDS)('customer artwork on %s', (kind) => {
  let database: TestDatabase;
  const rowOf = (id: string) =>
    database.db.selectFrom('artwork').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('checks a PNG: pixel size, transparency, the DPI at the print width and a thumbnail', async () => {
    const { t, res } = await send('logo.png', await transparentPng(1800, 1200), 12);
    expect(res.status).toBe(200);
    const result = (await res.json()) as ArtworkCheckResult;
    expect(result).toMatchObject({
      contentType: 'image/png',
      kind: 'raster',
      widthPx: 1800,
      heightPx: 1200,
      hasTransparency: true,
      effectiveDpi: 150,
      fileName: 'logo.png',
    });
    expect(result.warnings).toContain('150 dpi at 12 in wide: may print soft.');
    expect((await rowOf(t.artworkId)).status).toBe('ready');
    const thumb = await callFunction(thumbnailFunction, result.thumbnailPath, {
      headers: { 'x-artwork-owner': t.ownerToken },
      params: { id: t.artworkId },
    });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect((await thumb.arrayBuffer()).byteLength).toBeGreaterThan(50);
  });

  it('checks a JPEG that prints sharp at a small width, and keeps the owner token it was given', async () => {
    const first = await ticket('a.png', 10);
    const photo = await jpeg(1200, 900);
    const t = await ticket('photo.jpg', photo.length, first.ownerToken);
    expect(t.ownerToken).toBe(first.ownerToken);
    expect((await put(t.upload.url, photo)).status).toBe(200);
    const result = (await (await check(t, 4)).json()) as ArtworkCheckResult;
    expect(result).toMatchObject({
      contentType: 'image/jpeg',
      effectiveDpi: 300,
      hasTransparency: false,
      warnings: [],
    });
    expect(result.notes).toContain('300 dpi at 4 in wide: prints sharp.');
  });

  it('checks a PDF: page count and page size, with a typed thumbnail', async () => {
    const { t, res } = await send('flyer.pdf', pdf({ pages: 3, width: 612, height: 792 }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      contentType: 'application/pdf',
      kind: 'pdf',
      pages: 3,
      widthIn: 8.5,
      heightIn: 11,
      samePageSizes: true,
    });
    expect(filesOf(t.artworkId).sort()).toEqual(['original', 'thumbnail.webp']);
  });

  it('checks a clean SVG as vector art with its drawn size', async () => {
    const { res } = await send('mark.svg', svg());
    expect(res.status).toBe(200);
    const result = (await res.json()) as ArtworkCheckResult;
    expect(result).toMatchObject({ contentType: 'image/svg+xml', kind: 'vector', widthIn: 4, heightIn: 2 });
    expect(result.notes[0]).toMatch(/vector/i);
  });

  it('counts the ink colours of spot-colour art and calls a photo full colour (a suggestion)', async () => {
    const logo = svg(
      '<rect width="50" height="25" fill="#1f3a93"/><rect x="50" width="50" height="25" fill="#c0392b"/>' +
        '<circle cx="50" cy="37" r="12" fill="#f1c40f"/>',
    );
    const vector = (await (await send('logo.svg', logo)).res.json()) as ArtworkCheckResult;
    expect(vector.inkColors).toMatchObject({ count: 3, fullColor: false, background: null });
    expect(vector.notes).toContain('We count 3 ink colours.');
    // The same kind of art flattened on white: the background is not an ink.
    const flat = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="600" height="400" fill="#fff"/>' +
          '<rect x="60" y="60" width="220" height="280" fill="#1f3a93"/><circle cx="430" cy="200" r="120" fill="#c0392b"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    const raster = (await (await send('flyer.png', flat)).res.json()) as ArtworkCheckResult;
    expect(raster.inkColors).toMatchObject({ count: 2, background: '#ffffff' });
    expect(raster.notes).toContain('We count 2 ink colours (not counting the white background).');
    // A photograph's smooth tones (here two crossing gradients), saved as a JPEG.
    const tones = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><defs>' +
          '<linearGradient id="a"><stop offset="0" stop-color="#0b486b"/><stop offset="1" stop-color="#f56217"/></linearGradient>' +
          '<linearGradient id="b" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.8"/>' +
          '<stop offset="1" stop-color="#3b8d99" stop-opacity="0.2"/></linearGradient></defs>' +
          '<rect width="600" height="400" fill="url(#a)"/><rect width="600" height="400" fill="url(#b)"/></svg>',
      ),
    )
      .jpeg()
      .toBuffer();
    const photo = (await (await send('photo.jpg', tones)).res.json()) as ArtworkCheckResult;
    expect(photo.inkColors).toMatchObject({ count: null, fullColor: true });
    expect(photo.notes.some((note) => note.startsWith('Full colour'))).toBe(true);
    const paper = (await (await send('flyer.pdf', pdf())).res.json()) as ArtworkCheckResult;
    expect(paper.notes.some((note) => /ink colour|Full colour/.test(note))).toBe(false);
  });

  it('refuses hostile files with 413/415 and a message, deletes them, and keeps serving', {
    // One of the files is drawn until the check's CPU limit (3 s): on a busy machine, more by the clock.
    timeout: 240_000,
  }, async () => {
    for (const { name, bytes, status } of await hostileArtwork()) {
      const { t, res } = await send('file.png', bytes);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(res.status, name).toBe(status);
      expect(body.error.message.length, name).toBeGreaterThan(10);
      const row = await rowOf(t.artworkId);
      expect(row, name).toMatchObject({ status: 'rejected', content_type: null, thumbnail_key: null, checks: {} });
      expect(row.rejection, name).toBe(body.error.message);
      expect(filesOf(t.artworkId), name).toEqual([]);
      // A refused file stays refused.
      expect((await check(t)).status, name).toBe(409);
    }
    const { res } = await send('after.png', await png(32, 32));
    expect(res.status).toBe(200);
  });

  it('refuses a declared size over 50 MB before anything is stored', async () => {
    const before = await database.db
      .selectFrom('artwork')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const res = await post(uploadsFunction, '/api/artwork/uploads', {
      fileName: 'huge.pdf',
      size: MAX_ARTWORK_BYTES + 1,
    });
    expect(res.status).toBe(413);
    const after = await database.db
      .selectFrom('artwork')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('stops an upload at 50 MB, even one that does not say its size, and keeps nothing', async () => {
    const t = await ticket('big.png', MAX_ARTWORK_BYTES);
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        if (sent > MAX_ARTWORK_BYTES + 4 * chunk.length) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await put(t.upload.url, body);
    expect(res.status).toBe(413);
    expect(filesOf(t.artworkId)).toEqual([]);
    expect((await check(t)).status).toBe(409);
  });

  it('refuses a file over 50 MB that reached storage, and deletes it', async () => {
    const t = await ticket('big.pdf', 1000);
    await store.write(`${t.artworkId}/original`, Buffer.alloc(MAX_ARTWORK_BYTES + 1), 'application/pdf');
    const res = await check(t);
    expect(res.status).toBe(413);
    expect(filesOf(t.artworkId)).toEqual([]);
    expect((await rowOf(t.artworkId)).status).toBe('rejected');
  });

  it('answers 404 for a wrong owner token or none, on check and thumbnail alike', async () => {
    const { t } = await send('mine.png', await png(40, 40));
    const other = (await ticket('x.png', 1)).ownerToken;
    const wrong = await check(t, null, other);
    expect(wrong.status).toBe(404);
    const thumb = (headers: Record<string, string>) =>
      callFunction(thumbnailFunction, `/api/artwork/${t.artworkId}/thumbnail`, {
        headers,
        params: { id: t.artworkId },
      });
    const answers = [await thumb({ 'x-artwork-owner': other }), await thumb({})];
    for (const res of [wrong, ...answers]) {
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
  });

  it('refuses an upload URL that expired, was reused or was tampered with', async () => {
    const bytes = await png(16, 16);
    const t = await ticket('a.png', bytes.length);
    expect((await put(t.upload.url, bytes)).status).toBe(200);
    expect((await put(t.upload.url, bytes)).status).toBe(409);
    const late = await ticket('b.png', bytes.length);
    clock += 3 * 60 * 60 * 1000;
    try {
      expect((await put(late.upload.url, bytes)).status).toBe(403);
    } finally {
      clock = Date.now();
    }
    const forged = (await ticket('c.png', bytes.length)).upload.url.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await put(forged, bytes)).status).toBe(403);
    expect(filesOf(late.artworkId)).toEqual([]);
  });

  it('lets the admin download the original as an attachment, never inline', async () => {
    const bytes = svg();
    const { t } = await send('mark "x".svg', bytes);
    const token = issueAdminToken(SECRET).token;
    const call = (authorization?: string) =>
      callFunction(adminOriginal, `/api/artwork/${t.artworkId}/original`, {
        headers: authorization ? { authorization } : {},
        params: { id: t.artworkId },
      });
    expect((await call()).status).toBe(401);
    const res = await call(`Bearer ${token}`);
    expect(res.status).toBe(200);
    const { url, fileName } = (await res.json()) as { url: string; fileName: string };
    expect(fileName).toBe('mark "x".svg');
    const download = await store.serve(new Request(new URL(url, ORIGIN)));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="mark _x_.svg"/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    const admin = await callFunction(thumbnailFunction, `/api/artwork/${t.artworkId}/thumbnail`, {
      headers: { authorization: `Bearer ${token}` },
      params: { id: t.artworkId },
    });
    expect(admin.status).toBe(200);
  });

  /**
   * A ticket that lapsed at once: no longer open, so only the request throttle counts it, not
   * the bound on open tickets (docs/decisions/0041-outside-audit.md item 5).
   */
  const closeTicket = async (res: Response) => {
    if (res.status !== 201) return;
    const { artworkId } = (await res.clone().json()) as UploadTicket;
    await sql`update artwork set expires_at = now() - interval '1 second' where id = ${artworkId}`.execute(database.db);
  };

  /**
   * 31 upload tickets from the client `ipOf(i)` names, as statuses. The throttle counts in fixed
   * ten-minute windows: a run that straddled a window's end (a slow machine near :x0:00) is run
   * again with the next `attempt`, a client of its own, in one window.
   */
  async function ticketsInOneWindow(ipOf: (attempt: number, i: number) => string): Promise<number[]> {
    const windowOf = async () =>
      Number(
        (
          await sql<{
            w: string;
          }>`select floor(extract(epoch from now()) / ${ARTWORK_UPLOAD_THROTTLE.windowSeconds})::text as w`.execute(
            database.db,
          )
        ).rows[0]!.w,
      );
    for (let attempt = 0; ; attempt++) {
      const window = await windowOf();
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const res = await callFunction(uploadsFunction, '/api/artwork/uploads', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ fileName: 'a.png', size: 10 }),
          ip: ipOf(attempt, i),
        });
        await closeTicket(res);
        statuses.push(res.status);
      }
      if ((await windowOf()) === window || attempt === 1) return statuses;
    }
  }

  it('throttles uploads per client address', async () => {
    const statuses = await ticketsInOneWindow((attempt) => `198.51.100.${77 + attempt}`);
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('throttles an IPv6 client by its /64, whichever of its addresses it uses', async () => {
    const statuses = await ticketsInOneWindow((attempt, i) => `2001:db8:77:${attempt + 1}:${(i + 1).toString(16)}::1`);
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('the local server as the storage stand-in', () => {
  const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/local-server/${path}`, import.meta.url));
  let server: Awaited<ReturnType<typeof createShopServer>>;
  beforeAll(async () => {
    server = await createShopServer({
      distDir: fixture('site'),
      functionsDir: fixture('functions'),
      port: 0,
      storage: localStorageStandIn(),
      log: () => undefined,
    });
  });
  afterAll(() => server.close());

  it('takes an upload past the 6 MB function limit on its signed URL and serves it back as an attachment', async () => {
    const id = '00000000-0000-4000-8000-00000000abcd';
    const bytes = randomBytes(8 * 1024 * 1024);
    const { url } = await store.createUploadUrl(`${id}/original`);
    const res = await fetch(new URL(url, server.url), { method: 'PUT', body: bytes });
    expect(res.status).toBe(200);
    const unsigned = await fetch(new URL(`/_storage/artwork/${id}/original`, server.url));
    expect(unsigned.status).toBe(403);
    const download = await fetch(new URL(await store.downloadUrl(`${id}/original`, 'art.pdf'), server.url));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    await store.remove([`${id}/original`]);
  });
});
