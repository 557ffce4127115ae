import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import orderArtwork from '../../netlify/functions/admin-order-artwork.mts';
import artworkCheck from '../../netlify/functions/artwork-check.mts';
import artworkUploads from '../../netlify/functions/artwork-uploads.mts';
import { MAX_ARTWORK_BYTES } from '../../src/lib/artwork/artwork-schema.ts';
import { checkArtwork } from '../../src/server/artwork/check.ts';
import { type LocalArtworkStore, localArtworkStore } from '../../src/server/artwork/local-store.ts';
import { installArtworkStore, originalKey } from '../../src/server/artwork/store.ts';
import { createArtworkUpload, newOwnerToken } from '../../src/server/artwork/uploads.ts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { jsonb } from '../../src/server/db/json.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { remindMissingArtwork } from '../../src/server/orders/artwork-reminder.ts';
import { runSweep } from '../../src/server/sweep/run-sweep.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { png } from '../support/artwork-files.ts';
import { callFunction, newVisitorIp } from '../support/call-function.ts';
import { variantOf } from '../support/checkout.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * The owner marks artwork received by e-mail (docs/decisions/0028-owner-and-receipts.md): the file
 * goes through the same checks and private storage as a customer's upload, lands on the print
 * location that waited for it (and the same product's other lines waiting there), the timeline says
 * so, no proof is sent, and once nothing waits the order is no longer "awaiting artwork", so the reminder stops.
 */
const { authorization } = adminProductSaves();
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

let dir: string;
let store: LocalArtworkStore;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'shop-artwork-received-'));
  store = localArtworkStore(dir);
  installArtworkStore(store);
});
afterAll(() => {
  installArtworkStore(undefined);
  rmSync(dir, { recursive: true, force: true });
});

describe.each(DATABASE_KINDS)('artwork received by e-mail on %s', (kind) => {
  let database: TestDatabase;
  let teeProduct: string;
  let hoodieProduct: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    teeProduct = (await variantOf(database.db, 'west-texas-energy-tee')).productId;
    hoodieProduct = (await variantOf(database.db, 'game-day-hoodie')).productId;
  });
  afterAll(() => database.dispose());

  let n = 0;
  /**
   * A paid order three days old whose artwork is all to come: tees in M and L (front) and a
   * hoodie (back). Paid through checkout's own completion, so it waits at "awaiting artwork".
   */
  async function waitingOrder() {
    n += 1;
    const email = `waiting.${kind}.${n}@example.com`;
    const order = await database.db
      .insertInto('orders')
      .values({ email, status: 'pending' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const line = (name: string, productId: string, size: string, code: string, label: string) => ({
      order_id: order.id,
      product_id: productId,
      name,
      quantity: 6,
      unit_price_cents: 1900,
      variant_metadata: jsonb({ color: 'Black', size, locations: [{ code, name: label, artwork_id: null }] }),
    });
    const items = await database.db
      .insertInto('order_items')
      .values([
        line('Tourney Tee', teeProduct, 'M', 'front', 'Front'),
        line('Tourney Tee', teeProduct, 'L', 'front', 'Front'),
        line('Game Day Hoodie', hoodieProduct, 'L', 'back', 'Back'),
      ])
      .returning(['id', 'name', 'variant_metadata'])
      .execute();
    expect((await completeOrder(database.db, order.id, { email })).outcome).toBe('paid');
    await database.db
      .updateTable('orders')
      .set({ paid_at: sql<Date>`now() - make_interval(days => 3)` })
      .where('id', '=', order.id)
      .execute();
    const [teeM, teeL, hoodie] = items.map((i) => i.id) as [string, string, string];
    return { id: order.id, email, teeM, teeL, hoodie };
  }

  /** A file the admin's browser uploaded and the shop checked, as the dialog does. */
  async function checkedUpload(fileName = 'team-logo.png') {
    const ownerToken = newOwnerToken();
    const { artworkId } = await createArtworkUpload(database.db, { fileName, size: 100, ownerToken });
    await store.write(originalKey(artworkId), await png(600, 400), 'image/png');
    await checkArtwork(database.db, { id: artworkId, ownerToken, printWidthInches: null });
    return { artworkId, ownerToken };
  }

  const attach = (orderId: string, body: unknown, headers: Record<string, string> = { authorization }) =>
    callFunction(orderArtwork, `/api/orders/${orderId}/artwork`, {
      method: 'POST',
      params: { id: orderId },
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const bodyFor = (itemId: string, location: string, file: { artworkId: string; ownerToken: string }) => ({
    item_id: itemId,
    location,
    artwork_id: file.artworkId,
    owner_token: file.ownerToken,
  });
  const locationsOf = async (itemId: string) =>
    (
      (
        await database.db
          .selectFrom('order_items')
          .select('variant_metadata')
          .where('id', '=', itemId)
          .executeTakeFirstOrThrow()
      ).variant_metadata as { locations: { artwork_id: string | null }[] }
    ).locations.map((l) => l.artwork_id);
  const stageOf = async (id: string) =>
    (await database.db.selectFrom('orders').select('stage').where('id', '=', id).executeTakeFirstOrThrow()).stage;
  const mailsTo = (email: string) =>
    database.db.selectFrom('email_outbox').select('template_name').where('to_address', '=', email).execute();

  it('puts the file on the waiting location and the product’s other lines, records it, and sends no proof', async () => {
    const order = await waitingOrder();
    const mailBefore = await mailsTo(order.email);
    const file = await checkedUpload('team-logo.png');
    const res = await attach(order.id, bodyFor(order.teeM, 'front', file));
    expect(res.status).toBe(201);
    const answer = (await res.json()) as {
      stage: string;
      lines: number;
      timeline: { kind: string; comment: string }[];
    };
    // The hoodie's back still waits: the order still waits for artwork.
    expect(answer).toMatchObject({ stage: 'awaiting_artwork', lines: 2 });
    expect(answer.timeline.at(-1)).toMatchObject({
      kind: 'artwork',
      actor: 'owner',
      comment: 'team-logo.png for the front of Tourney Tee',
    });
    expect(await locationsOf(order.teeM)).toEqual([file.artworkId]);
    expect(await locationsOf(order.teeL)).toEqual([file.artworkId]);
    expect(await locationsOf(order.hoodie)).toEqual([null]);
    const stored = await database.db
      .selectFrom('artwork')
      .select(['order_id', 'status'])
      .where('id', '=', file.artworkId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ order_id: order.id, status: 'ready' });
    expect(await database.db.selectFrom('order_proofs').where('order_id', '=', order.id).execute()).toEqual([]);
    expect(await mailsTo(order.email)).toEqual(mailBefore);
  });

  it('ends the wait once every location has its artwork, so the reminder is never sent', async () => {
    const order = await waitingOrder();
    const waiting = await waitingOrder();
    expect(await stageOf(order.id)).toBe('awaiting_artwork');
    expect((await attach(order.id, bodyFor(order.teeL, 'front', await checkedUpload()))).status).toBe(201);
    const last = await attach(order.id, bodyFor(order.hoodie, 'back', await checkedUpload('back-print.pdf.png')));
    expect(last.status).toBe(201);
    expect(await last.json()).toMatchObject({ stage: 'paid', artworkMissing: false });
    expect(await stageOf(order.id)).toBe('paid');
    const moves = await database.db
      .selectFrom('order_events')
      .select(['kind', 'from_stage', 'to_stage'])
      .where('order_id', '=', order.id)
      .where('kind', '=', 'stage')
      .execute();
    expect(moves).toEqual([{ kind: 'stage', from_stage: 'awaiting_artwork', to_stage: 'paid' }]);

    // Both orders were paid three days ago: only the one still waiting is reminded.
    await runSweep(database.db, [remindMissingArtwork]);
    const reminders = async (email: string) =>
      (await mailsTo(email)).filter((m) => m.template_name === 'artwork-reminder').length;
    expect(await reminders(order.email)).toBe(0);
    expect(await reminders(waiting.email)).toBe(1);
  });

  it('answers 401 without the admin’s token, and stores nothing', async () => {
    const order = await waitingOrder();
    const file = await checkedUpload();
    const before = await snapshot(database.db);
    const res = await attach(order.id, bodyFor(order.teeM, 'front', file), {});
    expect(res.status).toBe(401);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });

  it('refuses a file the checks refuse (415, 413) and then its upload (400), storing nothing on the order', async () => {
    const order = await waitingOrder();
    const ip = newVisitorIp();
    const ownerToken = newOwnerToken();
    // Too large, said before a byte is sent: 413 with the limit in words.
    const big = await callFunction(artworkUploads, '/api/artwork/uploads', {
      method: 'POST',
      ip,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: 'huge.png', size: MAX_ARTWORK_BYTES + 1, ownerToken }),
    });
    expect(big.status).toBe(413);
    expect(((await big.json()) as ErrorBody).error.message).toMatch(/larger than \d+ MB/);
    // Not artwork whatever its name: the check reads the content and answers 415.
    const ticket = await createArtworkUpload(database.db, { fileName: 'logo.png', size: 40, ownerToken });
    await store.write(
      originalKey(ticket.artworkId),
      Buffer.from('MZ\u0090\u0000 this is a program, not a picture'),
      'image/png',
    );
    const check = await callFunction(artworkCheck, `/api/artwork/${ticket.artworkId}/check`, {
      method: 'POST',
      ip,
      params: { id: ticket.artworkId },
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ownerToken }),
    });
    expect(check.status).toBe(415);
    expect(((await check.json()) as ErrorBody).error.message).toMatch(/PNG, JPEG, PDF or SVG/);

    const before = await snapshot(database.db);
    const res = await attach(order.id, bodyFor(order.teeM, 'front', { artworkId: ticket.artworkId, ownerToken }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.fields?.['artwork_id']).toMatch(
      /^That file was refused: .*PNG, JPEG, PDF or SVG/,
    );
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });

  it('refuses an unchecked upload, a wrong line or location, a location with artwork and bad bodies', async () => {
    const order = await waitingOrder();
    const file = await checkedUpload();
    const unchecked = { ownerToken: newOwnerToken(), artworkId: '' };
    unchecked.artworkId = (
      await createArtworkUpload(database.db, { fileName: 'later.png', size: 100, ownerToken: unchecked.ownerToken })
    ).artworkId;
    const other = await waitingOrder();
    const before = await snapshot(database.db);
    const refusals: [unknown, number, string][] = [
      [bodyFor(order.teeM, 'front', unchecked), 400, 'The file has not been checked yet. Upload it again.'],
      [bodyFor(other.teeM, 'front', file), 400, 'That line is not on this order.'],
      [bodyFor(order.teeM, 'back', file), 400, 'Tourney Tee has no such print location.'],
      [
        { ...bodyFor(order.teeM, 'front', file), owner_token: newOwnerToken() },
        400,
        'That upload cannot be used. Upload the file again.',
      ],
      [{ item_id: order.teeM }, 400, ''],
      ['{"item_id": ', 400, ''],
      [{ ...bodyFor(order.teeM, 'front', file), location: 'x'.repeat(5000) }, 413, ''],
    ];
    for (const [body, status, message] of refusals) {
      const res = await attach(order.id, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      if (message) expect(JSON.stringify(await res.json())).toContain(message);
    }
    const notJson = await attach(order.id, 'item_id=x', { authorization, 'content-type': 'text/plain' });
    expect(notJson.status).toBe(415);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);

    // A location that already has its artwork: 409, and the second file stays unclaimed.
    expect((await attach(order.id, bodyFor(order.teeM, 'front', file))).status).toBe(201);
    const second = await checkedUpload('second.png');
    const again = await attach(order.id, bodyFor(order.teeL, 'front', second));
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.message).toBe('The front of Tourney Tee already has its artwork.');
    const unclaimed = await database.db
      .selectFrom('artwork')
      .select('order_id')
      .where('id', '=', second.artworkId)
      .executeTakeFirstOrThrow();
    expect(unclaimed.order_id).toBeNull();
  });

  it('answers 409 for an order that is not paid', async () => {
    const pending = await database.db
      .insertInto('orders')
      .values({ email: `pending.${kind}@example.com`, status: 'pending' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item = await database.db
      .insertInto('order_items')
      .values({
        order_id: pending.id,
        product_id: teeProduct,
        name: 'Tourney Tee',
        quantity: 6,
        unit_price_cents: 1900,
        variant_metadata: jsonb({ locations: [{ code: 'front', name: 'Front', artwork_id: null }] }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await attach(pending.id, bodyFor(item.id, 'front', await checkedUpload()));
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe('Artwork goes on a paid order; this one is pending.');
  });
});
