import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import orderProofs from '../../netlify/functions/admin-order-proofs.mts';
import OrderPage from '../../src/pages/orders/[token].astro';
import { checkArtwork } from '../../src/server/artwork/check.ts';
import { type LocalArtworkStore, localArtworkStore } from '../../src/server/artwork/local-store.ts';
import { installArtworkStore, originalKey } from '../../src/server/artwork/store.ts';
import { createArtworkUpload, newOwnerToken } from '../../src/server/artwork/uploads.ts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { orderPageUrl } from '../../src/server/links/signed-links.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { png } from '../support/artwork-files.ts';
import { callFunction } from '../support/call-function.ts';
import { orderBySession, sessionIdOf } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { listCheckout, seedListPricedShop, teeLineOf } from '../support/list-priced-shop.ts';
import { requestPage } from '../support/on-demand-page.ts';

/**
 * The customer's order page of a list-priced order (docs/decisions/0027-price-lists.md): each line says what was priced
 * and its price per piece in parts, and the proof states what was priced to check it against.
 */
const { authorization } = adminProductSaves();

let dir: string;
let store: LocalArtworkStore;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'shop-list-page-'));
  store = localArtworkStore(dir);
  installArtworkStore(store);
});
afterAll(() => {
  installArtworkStore(undefined);
  rmSync(dir, { recursive: true, force: true });
});

describe.each(DATABASE_KINDS)('a list-priced order’s page on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('shows each line’s inputs and breakdown, and the proof says what was priced', async () => {
    const shop = await seedListPricedShop(database.db);
    const res = await listCheckout([
      teeLineOf(shop)(shop.tee.m, 48),
      {
        productId: shop.banner.productId,
        colorId: shop.banner.colorId,
        sizeId: shop.banner.sizeId,
        quantity: 1,
        locations: [{ code: 'face', artworkId: null }],
        area: { widthIn: 96, heightIn: 48, material: '13oz', finishing: ['grommets'] },
      },
    ]);
    expect(res.status, await res.clone().text()).toBe(201);
    const id = (await orderBySession(database.db, sessionIdOf(((await res.json()) as { url: string }).url))).id;
    expect((await completeOrder(database.db, id, { email: 'list.page@example.com' })).outcome).toBe('paid');
    const token = new URL(orderPageUrl(id)).pathname.split('/').pop()!;

    const before = await (await requestPage(OrderPage, `/orders/${token}`, { params: { token } })).text();
    expect(before).toContain('Front, 2 colours · Back, 1 colour');
    expect(before).toContain('Each: Garment $4.00 · Front, 2 colours $2.80 · Back, 1 colour $0.75');
    expect(before).toContain('8 × 4 ft, 13 oz vinyl, grommets · Face');
    expect(before).not.toContain('What was priced');

    const ownerToken = newOwnerToken();
    const { artworkId } = await createArtworkUpload(database.db, { fileName: 'proof.png', size: 100, ownerToken });
    await store.write(originalKey(artworkId), await png(400, 300), 'image/png');
    await checkArtwork(database.db, { id: artworkId, ownerToken, printWidthInches: null });
    const sent = await callFunction(orderProofs, `/api/orders/${id}/proofs`, {
      method: 'POST',
      params: { id },
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ artwork_id: artworkId, owner_token: ownerToken, note: null }),
    });
    expect(sent.status).toBe(201);

    const html = await (await requestPage(OrderPage, `/orders/${token}`, { params: { token } })).text();
    const proof = html.slice(html.indexOf('id="proof"'));
    expect(proof).toContain('What was priced');
    expect(proof).toMatch(/48 × [^<]*\(\w[^)]*, M\): Front, 2 colours · Back, 1 colour/);
    expect(proof).toContain('1 × Heavy-Duty Vinyl Banner');
    expect(proof).toContain(': 8 × 4 ft, 13 oz vinyl, grommets · Face');
  });
});
