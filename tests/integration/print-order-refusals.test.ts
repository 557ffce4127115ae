import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import { ownerHash } from '../../src/server/artwork/owner.ts';
import { jsonb } from '../../src/server/db/json.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { postJson, productBySlug, shopState } from '../support/checkout.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * Print orders a browser can send but the shop must refuse (docs/decisions/0015-print-ordering.md):
 * locations the product does not offer, artwork that is not the buyer's checked upload, prices sent
 * by the browser, a size breakdown over stock. Each answers 4xx with a message, and no order, hold or claim is stored.
 */
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Line = { productId: string; colorId: string | null; sizeId: string | null; quantity: number };

const checkout = (items: unknown[], extra: Record<string, unknown> = {}) =>
  postJson(cartCheckout, '/api/cart/checkout', { items, fulfillment: 'local', ...extra });

describe.each(DATABASE_KINDS)('print orders the shop refuses on %s', (kind) => {
  let database: TestDatabase;
  /** Two sizes of the seeded Tourney Tee (front, back and sleeve prints) in one colour. */
  let small: Line;
  let medium: Line;
  /** A product that offers no print locations. */
  let koozie: Line;
  const owner = randomBytes(24).toString('base64url');

  /** An artwork row as the upload flow leaves it; `status` and the owner vary per case. */
  async function artwork(status: 'ready' | 'awaiting_upload' | 'rejected', of = owner): Promise<string> {
    const id = crypto.randomUUID();
    const ready = status === 'ready';
    await database.db
      .insertInto('artwork')
      .values({
        id,
        owner_hash: ownerHash(of),
        status,
        original_name: 'logo.png',
        content_type: ready ? 'image/png' : null,
        byte_size: ready ? 1000 : null,
        storage_key: `${id}/original`,
        checks: jsonb(ready ? { kind: 'raster' } : {}),
        checked_at: ready ? new Date() : null,
        rejection: status === 'rejected' ? 'Not an image we can print.' : null,
      })
      .execute();
    return id;
  }

  /** Sends a checkout that must be refused with `status`, and proves nothing was stored or held. */
  async function refused(items: unknown[], status: number, extra: Record<string, unknown> = {}): Promise<ErrorBody> {
    const before = await snapshot(database.db);
    const state = await shopState(database.db);
    const res = await checkout(items, extra);
    expect(res.status).toBe(status);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.message.length).toBeGreaterThan(0);
    expect(await shopState(database.db)).toEqual(state);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
    return body;
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    const tee = await productBySlug(database.db, 'city-champ-tourney-tee');
    const variants = await database.db
      .selectFrom('product_variants')
      .select(['color_id', 'size_id'])
      .where('product_id', '=', tee.id)
      .orderBy('color_id')
      .orderBy('size_id')
      .execute();
    const line = (v: (typeof variants)[number]) => ({
      productId: tee.id,
      colorId: v.color_id,
      sizeId: v.size_id,
      quantity: 0,
    });
    const oneColor = variants.filter((v) => v.color_id === variants[0]!.color_id).map(line);
    small = oneColor[0]!;
    medium = oneColor[1]!;
    await database.db.updateTable('product_variants').set({ stock_qty: 50 }).where('product_id', '=', tee.id).execute();
    const plain = await productBySlug(database.db, 'can-koozie-four-pack');
    const koozieVariant = await database.db
      .selectFrom('product_variants')
      .select(['color_id', 'size_id'])
      .where('product_id', '=', plain.id)
      .executeTakeFirst();
    koozie = {
      productId: plain.id,
      colorId: koozieVariant?.color_id ?? null,
      sizeId: koozieVariant?.size_id ?? null,
      quantity: 1,
    };
  });
  afterAll(() => database.dispose());

  const front = (artworkId: string | null = null) => ({ code: 'front', artworkId });

  it('refuses locations a product does not offer, or offers none of', async () => {
    const elsewhere = await refused(
      [{ ...small, quantity: 12, locations: [{ code: 'hat-brim', artworkId: null }] }],
      400,
    );
    expect(JSON.stringify(elsewhere.error)).toContain('hat-brim');
    await refused([{ ...koozie, locations: [front()] }], 400);
  });

  it('refuses the same location twice, more than 8, a malformed code, and prices sent with a location', async () => {
    const twice = await refused([{ ...small, quantity: 12, locations: [front(), front()] }], 400);
    expect(Object.values(twice.error.fields ?? {})).toContain('Choose each print location once.');
    const many = Array.from({ length: 9 }, (_, i) => ({ code: `spot-${i}`, artworkId: null }));
    await refused([{ ...small, quantity: 12, locations: many }], 400);
    await refused([{ ...small, quantity: 12, locations: [{ code: 'Front!', artworkId: null }] }], 400);
    await refused(
      [{ ...small, quantity: 12, locations: [{ code: 'front', artworkId: null, setup_fee_cents: 0 }] }],
      400,
    );
  });

  it('refuses artwork that does not exist, is not checked, was refused, or is another browser’s', async () => {
    for (const artworkId of [
      crypto.randomUUID(),
      await artwork('awaiting_upload'),
      await artwork('rejected'),
      await artwork('ready', randomBytes(24).toString('base64url')),
    ]) {
      const body = await refused([{ ...small, quantity: 12, locations: [front(artworkId)] }], 400, {
        artworkOwner: owner,
      });
      expect(body.error.code).toBe('invalid_artwork');
    }
  });

  it('refuses named artwork without the owner token, and artwork another order already holds', async () => {
    const mine = await artwork('ready');
    const anonymous = await refused([{ ...small, quantity: 12, locations: [front(mine)] }], 400);
    expect(anonymous.error.code).toBe('invalid_artwork');

    const first = await checkout([{ ...small, quantity: 12, locations: [front(mine)] }], { artworkOwner: owner });
    expect(first.status).toBe(201);
    const again = await refused([{ ...medium, quantity: 12, locations: [front(mine)] }], 400, { artworkOwner: owner });
    expect(again.error.fields?.['items.0.locations']).toBe(
      'This artwork already belongs to another order. Upload it again.',
    );
  });

  it('refuses a size breakdown with one size over its stock, holding none of the other sizes', async () => {
    await database.db
      .updateTable('product_variants')
      .set({ stock_qty: 3 })
      .where('product_id', '=', medium.productId)
      .where('color_id', '=', medium.colorId)
      .where('size_id', '=', medium.sizeId)
      .execute();
    const body = await refused(
      [
        { ...small, quantity: 10, locations: [front()] },
        { ...medium, quantity: 4, locations: [front()] },
      ],
      409,
    );
    expect(body.error.code).toBe('out_of_stock');
    expect(body.error.message).toMatch(/3/);
  });

  it('charges database prices, whatever price the browser sends with a line', async () => {
    const res = await checkout([
      { ...small, quantity: 12, price_cents: 1, locations: [{ code: 'back', artworkId: null }] },
    ]);
    expect(res.status).toBe(201);
    const url = ((await res.json()) as { url: string }).url;
    const order = await database.db
      .selectFrom('orders')
      .select('subtotal_cents')
      .where('payment_session_id', '=', decodeURIComponent(new URL(url).pathname.split('/').pop()!))
      .executeTakeFirstOrThrow();
    // 12 × $19.00 + 12 × $3.00 back print + $25.00 setup.
    expect(order.subtotal_cents).toBe(12 * 1900 + 12 * 300 + 2500);
  });
});
