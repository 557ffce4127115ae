import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import orderProofs from '../../netlify/functions/admin-order-proofs.mts';
import OrderPage from '../../src/pages/orders/[token].astro';
import { checkArtwork } from '../../src/server/artwork/check.ts';
import { type LocalArtworkStore, localArtworkStore } from '../../src/server/artwork/local-store.ts';
import { installArtworkStore, originalKey } from '../../src/server/artwork/store.ts';
import { createArtworkUpload, newOwnerToken } from '../../src/server/artwork/uploads.ts';
import { jsonb } from '../../src/server/db/json.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { signLink } from '../../src/server/links/signed-links.ts';
import { remindMissingArtwork } from '../../src/server/orders/artwork-reminder.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { png } from '../support/artwork-files.ts';
import { callFunction } from '../support/call-function.ts';
import { requestPage } from '../support/on-demand-page.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * Missing artwork sent from the customer's order page (docs/decisions/0028-owner-and-receipts.md):
 * each print location still without its file has an upload form; the page's script sends a checked upload, a plain post
 * carries the file. Refusals say why on the page and change nothing; the last file puts an order
 * that waited for artwork back in line (no more reminders).
 */
const { authorization } = adminProductSaves();
let dir: string;
let store: LocalArtworkStore;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'shop-order-artwork-'));
  store = localArtworkStore(dir);
  installArtworkStore(store);
});
afterAll(() => {
  installArtworkStore(undefined);
  rmSync(dir, { recursive: true, force: true });
});
const storedFiles = () => readdirSync(dir, { recursive: true }).length;

describe.each(DATABASE_KINDS)('missing artwork on the order page on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  /** A paid order of 24 tees printed front and back, paid three days ago, both files to come. */
  async function waitingOrder() {
    const order = await database.db
      .insertInto('orders')
      .values({
        email: 'art.later@example.com',
        status: 'paid',
        stage: 'awaiting_artwork',
        fulfillment: 'shipping',
        paid_at: new Date(Date.now() - 3 * 86_400_000),
        total_cents: 48_000,
        subtotal_cents: 48_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item = await database.db
      .insertInto('order_items')
      .values({
        order_id: order.id,
        name: 'Tourney Tee',
        quantity: 24,
        unit_price_cents: 2000,
        variant_metadata: jsonb({
          color: 'Black',
          size: 'M',
          locations: [
            { code: 'front', name: 'Front', artwork_id: null, price_cents: 300 },
            { code: 'back', name: 'Back', artwork_id: null, price_cents: 300 },
          ],
        }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: order.id, itemId: item.id, token: signLink('order', order.id) };
  }

  async function upload(fileName: string) {
    const ownerToken = newOwnerToken();
    const { artworkId } = await createArtworkUpload(database.db, { fileName, size: 100, ownerToken });
    await store.write(originalKey(artworkId), await png(400, 300), 'image/png');
    await checkArtwork(database.db, { id: artworkId, ownerToken, printWidthInches: null });
    return { artworkId, ownerToken };
  }

  const ARTWORK_SCRIPT = /<script type="module" src="[^"]*ArtworkFieldScript[^"]*">/;
  const openPage = async (token: string, query = '') =>
    (await requestPage(OrderPage, `/orders/${token}${query}`, { params: { token } })).text();
  const post = (token: string, body: URLSearchParams | FormData) =>
    requestPage(OrderPage, `/orders/${token}`, {
      method: 'POST',
      params: { token },
      headers: { origin: 'http://localhost:4321' },
      body,
    });
  const fields = (values: Record<string, string>) => new URLSearchParams({ answer: 'artwork', ...values });
  const locationsOf = async (itemId: string) => {
    const row = await database.db
      .selectFrom('order_items')
      .select('variant_metadata')
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    return (row.variant_metadata as { locations: { code: string; artwork_id: string | null; price_cents: number }[] })
      .locations;
  };
  const stageOf = async (id: string) =>
    (await database.db.selectFrom('orders').select('stage').where('id', '=', id).executeTakeFirstOrThrow()).stage;

  it('takes the front from the script and the back from a plain post, then puts the order back in line', async () => {
    const order = await waitingOrder();
    const page = await openPage(order.token);
    expect(page).toContain('We are waiting for your artwork: send it below');
    expect(page).toContain('<label for="artwork-1">Artwork for Front (PNG, JPEG, PDF or SVG, up to 50 MB)</label>');
    expect(page).toContain('Send the artwork for Back');
    // The script that sends a chosen file straight to storage comes with the forms.
    expect(page).toMatch(ARTWORK_SCRIPT);

    const front = await upload('front-logo.png');
    const sent = await post(
      order.token,
      fields({ item: order.itemId, location: 'front', artwork_id: front.artworkId, owner_token: front.ownerToken }),
    );
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(`/orders/${order.token}?done=artwork`);
    const afterFront = await locationsOf(order.itemId);
    expect(afterFront).toEqual([
      { code: 'front', name: 'Front', artwork_id: front.artworkId, price_cents: 300 },
      { code: 'back', name: 'Back', artwork_id: null, price_cents: 300 },
    ]);
    expect(await stageOf(order.id)).toBe('awaiting_artwork');
    const thanked = await openPage(order.token, '?done=artwork');
    expect(thanked).toContain('Thank you: we have your artwork.');
    expect(thanked).toContain('front-logo.png');
    expect(thanked).not.toContain('Send the artwork for Front');
    expect(thanked).toContain('Send the artwork for Back');

    // Without script: the file rides in the post and is checked like every upload.
    const form = new FormData();
    for (const [name, value] of fields({ item: order.itemId, location: 'back' })) form.append(name, value);
    form.append('artwork', new Blob([new Uint8Array(await png(600, 400))], { type: 'image/png' }), 'back-text.png');
    const plain = await post(order.token, form);
    expect(plain.status).toBe(303);
    const [, back] = await locationsOf(order.itemId);
    const stored = await database.db
      .selectFrom('artwork')
      .select(['order_id', 'original_name', 'content_type', 'status'])
      .where('id', '=', back!.artwork_id!)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      order_id: order.id,
      original_name: 'back-text.png',
      content_type: 'image/png',
      status: 'ready',
    });

    // Every file is here: back in line for the proof, and the reminder has nothing to say.
    expect(await stageOf(order.id)).toBe('paid');
    expect(await remindMissingArtwork.run(database.db)).toBeNull();
    const done = await openPage(order.token);
    expect(done).toContain('All artwork is here: the order is in line for its proof');
    expect(done.match(/You sent artwork/g)).toHaveLength(2);
    expect(done).not.toContain('data-artwork-form');
    expect(done).not.toMatch(ARTWORK_SCRIPT);
  });

  it('refuses what is not this order’s missing file, saying why on the page, and changes nothing', async () => {
    const order = await waitingOrder();
    const other = await waitingOrder();
    const mine = await upload('mine.png');
    const theirs = await upload('theirs.png');
    const files = storedFiles();
    const before = await snapshot(database.db);
    const refusals: [URLSearchParams | FormData, number, string][] = [
      [
        fields({ item: order.itemId, location: 'front', artwork_id: theirs.artworkId, owner_token: mine.ownerToken }),
        400,
        'That file is not a checked upload of yours. Choose it again.',
      ],
      [
        fields({ item: other.itemId, location: 'front', artwork_id: mine.artworkId, owner_token: mine.ownerToken }),
        400,
        'That print location is not on this order.',
      ],
      [
        fields({ item: order.itemId, location: 'sleeve', artwork_id: mine.artworkId, owner_token: mine.ownerToken }),
        400,
        'That print location is not on this order.',
      ],
      [fields({ item: order.itemId, location: 'front' }), 400, 'Choose the file to send.'],
    ];
    const hostile = new FormData();
    for (const [name, value] of fields({ item: order.itemId, location: 'front' })) hostile.append(name, value);
    hostile.append('artwork', new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/png' }), 'logo.png');
    refusals.push([hostile, 415, 'PNG, JPEG, PDF or SVG']);
    for (const [body, status, message] of refusals) {
      const refused = await post(order.token, body);
      expect(refused.status).toBe(status);
      const html = await refused.text();
      expect(html).toContain(message);
      // The refusal sits on the form it belongs to (a location it names), or on the page.
      expect(html).toContain('role="alert"');
    }
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
    expect(storedFiles()).toBe(files);
  });

  it('sends a location’s file only once, and none after the proof: that goes with a change request', async () => {
    const order = await waitingOrder();
    const front = await upload('front.png');
    const again = await upload('front-again.png');
    const send = (file: { artworkId: string; ownerToken: string }, location = 'front') =>
      post(
        order.token,
        fields({ item: order.itemId, location, artwork_id: file.artworkId, owner_token: file.ownerToken }),
      );
    expect((await send(front)).status).toBe(303);
    const twice = await send(again);
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain('We have the artwork for Front already.');

    const proof = await upload('proof.png');
    await database.db.updateTable('orders').set({ stage: 'paid' }).where('id', '=', order.id).execute();
    const proofSent = await callFunction(orderProofs, `/api/orders/${order.id}/proofs`, {
      method: 'POST',
      params: { id: order.id },
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ artwork_id: proof.artworkId, owner_token: proof.ownerToken, note: null }),
    });
    // The back is still missing, so the shop cannot proof yet: it says so.
    expect(proofSent.status).toBe(409);
    expect((await send(again, 'back')).status).toBe(303);
    const proofNow = await callFunction(orderProofs, `/api/orders/${order.id}/proofs`, {
      method: 'POST',
      params: { id: order.id },
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ artwork_id: proof.artworkId, owner_token: proof.ownerToken, note: null }),
    });
    expect(proofNow.status).toBe(201);
    const late = await upload('late.png');
    await database.db
      .updateTable('order_items')
      .set({
        variant_metadata: jsonb({
          locations: [
            { code: 'front', name: 'Front', artwork_id: front.artworkId },
            { code: 'sleeve', name: 'Sleeve', artwork_id: null },
          ],
        }),
      })
      .where('id', '=', order.itemId)
      .execute();
    const closed = await send(late, 'sleeve');
    expect(closed.status).toBe(409);
    expect(await closed.text()).toContain('Your proof is ready: send new artwork with a change request below.');
    expect(await openPage(order.token)).not.toContain('data-artwork-form');
  });
});
