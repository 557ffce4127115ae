import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import uploadsFunction from '../../netlify/functions/artwork-uploads.mts';
import type { UploadTicket } from '../../src/lib/artwork/artwork-schema.ts';
import { MAX_ARTWORK_BYTES } from '../../src/lib/artwork/artwork-schema.ts';
import { checkArtwork } from '../../src/server/artwork/check.ts';
import { type LocalArtworkStore, localArtworkStore } from '../../src/server/artwork/local-store.ts';
import { installArtworkStore, originalKey } from '../../src/server/artwork/store.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { runSweep } from '../../src/server/sweep/run-sweep.ts';
import { png } from '../support/artwork-files.ts';
import { callFunction } from '../support/call-function.ts';
import { UPLOAD_SIZE_LIES } from '../support/hostile/client-limits.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * Issue 25.4: one address wrote 1 GB of never-checked uploads in 5.5 s (20 x 50 MB), kept for 7
 * days. Unchecked uploads now reserve their size against a budget per client (200 MB) and in
 * all (2 GB), lapse within the hour, and the local PUT takes no more than was declared.
 */
const MB = 1024 * 1024;
const ORIGIN = 'http://localhost:4321';
let dir: string;
let store: LocalArtworkStore;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'shop-upload-budget-'));
  store = localArtworkStore(dir);
  installArtworkStore(store);
});
afterAll(() => {
  installArtworkStore(undefined);
  rmSync(dir, { recursive: true, force: true });
});

const ask = (size: number, ip: string, ownerToken?: string) =>
  callFunction(uploadsFunction, '/api/artwork/uploads', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fileName: 'big.pdf', size, ownerToken }),
    ip,
  });
const put = (url: string, bytes: Buffer) =>
  store.serve(new Request(new URL(url, ORIGIN), { method: 'PUT', body: new Uint8Array(bytes) }));
/** `total` bytes as a stream of 64 KB chunks (no Content-Length). */
function filler(total: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(64 * 1024);
  let left = total;
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      controller.enqueue(left >= chunk.length ? chunk : chunk.subarray(0, left));
      left -= chunk.length;
    },
  });
}
const filesOf = (id: string) => {
  try {
    return readdirSync(join(dir, id)).filter((n) => !n.startsWith('.'));
  } catch {
    return [];
  }
};

describe.each(DATABASE_KINDS)('the budget of unchecked artwork uploads on %s', (kind) => {
  let database: TestDatabase;
  /** Every waiting upload made `minutes` older (its hour counted from then). */
  const age = (minutes: number, id?: string) =>
    sql`update artwork set created_at = created_at - make_interval(mins => ${minutes}),
        expires_at = expires_at - make_interval(mins => ${minutes})
        where ${id ? sql`id = ${id}` : sql`status = 'awaiting_upload'`}`.execute(database.db);
  const rowOf = (id: string) => database.db.selectFrom('artwork').selectAll().where('id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());
  // Each test starts with nothing waiting: earlier tests' reservations lapse.
  beforeEach(() => age(24 * 60));

  it('refuses a client past 200 MB of unchecked uploads with 429, its whole IPv6 /64 alike', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) statuses.push((await ask(50 * MB, `2001:db8:25:4::${i}`)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    const refused = await ask(50 * MB, '2001:db8:25:4:ffff::9');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('upload_budget');
    expect(body.error.message).toMatch(/200 MB of uploads waiting to be checked/);
    // Another client is not held up, and the reservations lapse with their hour.
    expect((await ask(50 * MB, '2001:db8:25:5::1')).status).toBe(201);
    await age(61);
    expect((await ask(50 * MB, '2001:db8:25:4::1')).status).toBe(201);
  });

  it('refuses everyone with 507 once all unchecked uploads together would pass 2 GB', async () => {
    for (let client = 0; client < 10; client++) {
      for (let i = 0; i < 4; i++) expect((await ask(50 * MB, `203.0.113.${client + 10}`)).status).toBe(201);
    }
    const res = await ask(50 * MB, '203.0.113.99');
    expect(res.status).toBe(507);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body).toMatchObject({ error: { code: 'upload_storage_full' } });
    expect(body.error.message).toMatch(/cannot take more uploads right now/);
    // A small file still fits in what is left.
    expect((await ask(10 * MB, '203.0.113.99')).status).toBe(201);
  });

  it.each(UPLOAD_SIZE_LIES)('refuses an upload that sends more than it declared: $label', async (lie) => {
    const t = (await (await ask(lie.declared, '198.51.100.43')).json()) as UploadTicket;
    const res = await store.serve(
      new Request(new URL(t.upload.url, ORIGIN), {
        method: 'PUT',
        body: lie.chunked ? filler(lie.sent) : new Uint8Array(lie.sent),
        ...(lie.chunked ? { duplex: 'half' } : {}),
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(filesOf(t.artworkId)).toEqual([]);
  });

  it('takes no more bytes on the upload URL than the upload declared', async () => {
    const over = (await (await ask(1000, '198.51.100.40')).json()) as UploadTicket;
    const refused = await put(over.upload.url, Buffer.alloc(1001, 1));
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/size given/);
    expect(filesOf(over.artworkId)).toEqual([]);
    const exact = (await (await ask(1000, '198.51.100.40')).json()) as UploadTicket;
    expect((await put(exact.upload.url, Buffer.alloc(1000, 1))).status).toBe(200);
    expect(filesOf(exact.artworkId)).toEqual(['original']);
  });

  it('reserves the full 50 MB where storage takes any size on its URL (Supabase Storage)', async () => {
    installArtworkStore({ ...store, boundsUploadSize: false });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await ask(1024, '198.51.100.44')).status);
      expect(statuses).toEqual([201, 201, 201, 201, 429]);
    } finally {
      installArtworkStore(store);
    }
  });

  it('hands out an upload URL that lapses before the upload’s hour', async () => {
    const t = (await (await ask(1000, '198.51.100.41')).json()) as UploadTicket;
    const row = await rowOf(t.artworkId);
    expect(row?.upload_bytes).toBe(1000);
    const hour = Date.now() + 60 * 60 * 1000;
    expect(Math.abs(row!.expires_at!.getTime() - hour)).toBeLessThan(60 * 1000);
    expect(new Date(t.upload.expiresAt).getTime()).toBeLessThan(row!.expires_at!.getTime());
  });

  it('sweeps uploads not checked within the hour and partial files; checked uploads stay', async () => {
    const sent = (await (await ask(1000, '198.51.100.42')).json()) as UploadTicket;
    expect((await put(sent.upload.url, Buffer.alloc(1000, 1))).status).toBe(200);
    const half = (await (await ask(MAX_ARTWORK_BYTES, '198.51.100.42')).json()) as UploadTicket;
    mkdirSync(join(dir, half.artworkId));
    writeFileSync(join(dir, half.artworkId, 'original.part'), Buffer.alloc(4096));
    const checked = (await (await ask(1000, '198.51.100.42')).json()) as UploadTicket;
    await store.write(originalKey(checked.artworkId), await png(16, 16), 'image/png');
    await checkArtwork(database.db, { id: checked.artworkId, ownerToken: checked.ownerToken, printWidthInches: null });
    // A partial file whose upload row is long gone (the process ended mid-PUT).
    const orphan = join(dir, '00000000-0000-4000-8000-0000000025a4');
    mkdirSync(orphan, { recursive: true });
    writeFileSync(join(orphan, 'original.part'), Buffer.alloc(4096));
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(join(orphan, 'original.part'), twoHoursAgo, twoHoursAgo);
    await age(61);
    await sql`update artwork set created_at = now() - interval '61 minutes' where id = ${checked.artworkId}`.execute(
      database.db,
    );

    const report = await runSweep(database.db);
    expect(report.failed).toEqual({});
    expect(report.done['expire-unchecked-uploads']).toMatch(/lapsed/);
    for (const id of [sent.artworkId, half.artworkId]) {
      expect(filesOf(id)).toEqual([]);
      expect((await rowOf(id))?.status).toBe('rejected');
    }
    expect(readdirSync(orphan)).toEqual([]);
    expect((await rowOf(checked.artworkId))?.status).toBe('ready');
    expect(filesOf(checked.artworkId).sort()).toEqual(['original', 'thumbnail.webp']);
    const late = await checkArtwork(database.db, {
      id: sent.artworkId,
      ownerToken: sent.ownerToken,
      printWidthInches: null,
    }).catch((error: Error) => error.message);
    expect(late).toMatch(/not checked within an hour/);

    // Once no upload URL can deliver any more, the lapsed rows go too.
    await sql`update artwork set expires_at = now() - interval '3 hours' where id = ${sent.artworkId}`.execute(
      database.db,
    );
    await runSweep(database.db);
    expect(await rowOf(sent.artworkId)).toBeUndefined();
    expect(await rowOf(checked.artworkId)).toBeDefined();
  });
});
