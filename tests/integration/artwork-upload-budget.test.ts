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
import { OPEN_UPLOADS_PER_CLIENT, type UploadBudget } from '../../src/server/artwork/upload-budget.ts';
import { createArtworkUpload } from '../../src/server/artwork/uploads.ts';
import { StorageFull, Throttled } from '../../src/server/errors.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { runSweep } from '../../src/server/sweep/run-sweep.ts';
import { png } from '../support/artwork-files.ts';
import { callFunction } from '../support/call-function.ts';
import { UPLOAD_SIZE_LIES } from '../support/hostile/client-limits.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * docs/decisions/0025-hardening.md item 4: one address wrote 1 GB of never-checked uploads in
 * 5.5 s (20 x 50 MB), kept for 7 days. docs/decisions/0041-outside-audit.md item 5: about 100
 * tickets that never sent a byte then filled the shop-wide budget with their declared sizes, and a
 * real 150 KB upload was refused 507 for an hour. Unchecked uploads now count the bytes storage
 * received against a budget per client (200 MB) and in all (2 GB), a client holds at most 6 open
 * tickets, a ticket lapses after 20 minutes, and the local PUT takes no more than was declared.
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

  it('takes a real upload while a hundred tickets that never sent a byte wait', async () => {
    for (let i = 1; i <= 100; i++) {
      const res = await ask(50 * MB, `203.0.113.${i}`);
      expect(res.status).toBe(201);
    }
    const real = await ask(150 * 1024, '198.51.100.150');
    expect(real.status).toBe(201);
    const t = (await real.json()) as UploadTicket;
    expect((await put(t.upload.url, Buffer.alloc(150 * 1024, 1))).status).toBe(200);
  });

  it('counts the bytes storage received, a file still arriving too, against the client’s budget', async () => {
    const budget: UploadBudget = { perClientBytes: 1 * MB, totalBytes: 100 * MB, openPerClient: 6 };
    const start = (size: number, ip: string) =>
      createArtworkUpload(database.db, { fileName: 'a.png', size }, { ip, budget });
    const first = await start(600 * 1024, '2001:db8:41:5::1');
    // Promised and never sent: costs nothing.
    await start(900 * 1024, '2001:db8:41:5::2');
    expect((await put(first.upload.url, Buffer.alloc(600 * 1024, 1))).status).toBe(200);
    // The same /64: 600 KB received + 600 KB more would pass 1 MB.
    const refused = await start(600 * 1024, '2001:db8:41:5::3').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Throttled);
    expect(refused).toMatchObject({ code: 'upload_budget' });
    expect((refused as Throttled).message).toMatch(/1 MB of uploads waiting to be checked \(at most 1 MB/);
    expect(await start(300 * 1024, '2001:db8:41:5::4')).toHaveProperty('artworkId');
    // Half a file still arriving counts what arrived.
    const half = await start(400 * 1024, '2001:db8:41:6::1');
    mkdirSync(join(dir, half.artworkId), { recursive: true });
    writeFileSync(join(dir, half.artworkId, 'original.part'), Buffer.alloc(700 * 1024));
    const past = await start(400 * 1024, '2001:db8:41:6::2').catch((error: unknown) => error);
    expect(past).toMatchObject({ code: 'upload_budget' });
    // Another client is not held up, and what was received stops counting once it lapses.
    expect(await start(900 * 1024, '2001:db8:41:7::1')).toHaveProperty('artworkId');
    await age(21);
    expect(await start(900 * 1024, '2001:db8:41:5::1')).toHaveProperty('artworkId');
  });

  it('refuses everyone with 507 once the bytes received in all and the new file would pass the total', async () => {
    const budget: UploadBudget = { perClientBytes: 10 * MB, totalBytes: 2 * MB, openPerClient: 6 };
    const start = (size: number, ip: string) =>
      createArtworkUpload(database.db, { fileName: 'a.png', size }, { ip, budget });
    for (const ip of ['203.0.113.201', '203.0.113.202']) {
      const t = await start(900 * 1024, ip);
      expect((await put(t.upload.url, Buffer.alloc(900 * 1024, 1))).status).toBe(200);
    }
    const refused = await start(300 * 1024, '203.0.113.203').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StorageFull);
    expect(refused).toMatchObject({ code: 'upload_storage_full' });
    expect((refused as StorageFull).message).toMatch(/cannot take more uploads right now/);
    // A small file still fits in what is left.
    expect(await start(100 * 1024, '203.0.113.203')).toHaveProperty('artworkId');
  });

  it('refuses a seventh open ticket of one address with a 429 in words, its whole IPv6 /64 alike', async () => {
    expect(OPEN_UPLOADS_PER_CLIENT).toBe(6);
    const tickets: UploadTicket[] = [];
    for (let i = 1; i <= 6; i++) {
      const res = await ask(1000, `2001:db8:41:8::${i}`);
      expect(res.status).toBe(201);
      tickets.push((await res.json()) as UploadTicket);
    }
    const refused = await ask(1000, '2001:db8:41:8:ffff::9');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(20 * 60);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('upload_tickets');
    expect(body.error.message).toBe(
      'You have 6 uploads started and not checked yet (at most 6 at a time). Let them finish, or try again in 20 minutes.',
    );
    // Another address is not held up; a checked file frees its ticket.
    expect((await ask(1000, '2001:db8:41:9::1')).status).toBe(201);
    const done = tickets[0]!;
    await store.write(originalKey(done.artworkId), await png(16, 16), 'image/png');
    await checkArtwork(database.db, { id: done.artworkId, ownerToken: done.ownerToken, printWidthInches: null });
    expect((await ask(1000, '2001:db8:41:8::7')).status).toBe(201);
    expect((await ask(1000, '2001:db8:41:8::8')).status).toBe(429);
    // Tickets lapse after 20 minutes, and so does the bound.
    await age(21);
    expect((await ask(1000, '2001:db8:41:8::8')).status).toBe(201);
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

  it('reserves nothing where storage takes any size on its URL (Supabase Storage)', async () => {
    installArtworkStore({ ...store, boundsUploadSize: false });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await ask(1024, '198.51.100.44')).status);
      expect(statuses).toEqual([201, 201, 201, 201, 201]);
    } finally {
      installArtworkStore(store);
    }
  });

  it('opens a ticket for 20 minutes, with an upload URL to use within 5', async () => {
    const t = (await (await ask(1000, '198.51.100.41')).json()) as UploadTicket;
    const row = await rowOf(t.artworkId);
    expect(row?.upload_bytes).toBe(1000);
    const twentyMinutes = Date.now() + 20 * 60 * 1000;
    expect(Math.abs(row!.expires_at!.getTime() - twentyMinutes)).toBeLessThan(60 * 1000);
    const urlExpires = new Date(t.upload.expiresAt).getTime();
    expect(urlExpires).toBeLessThanOrEqual(Date.now() + 5 * 60 * 1000);
    expect(urlExpires).toBeLessThan(row!.expires_at!.getTime());
  });

  it('sweeps uploads not checked within 20 minutes and partial files; checked uploads stay', async () => {
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
    expect(late).toMatch(/not checked within 20 minutes/);

    // Once no upload URL can deliver any more, the lapsed rows go too.
    await sql`update artwork set expires_at = now() - interval '3 hours' where id = ${sent.artworkId}`.execute(
      database.db,
    );
    await runSweep(database.db);
    expect(await rowOf(sent.artworkId)).toBeUndefined();
    expect(await rowOf(checked.artworkId)).toBeDefined();
  });
});
