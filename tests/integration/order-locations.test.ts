import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import type { OrderChangeAnswer } from '../../src/lib/admin-schemas/order-adjustment.ts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { jsonb } from '../../src/server/db/json.ts';
import { orderDesigns } from '../../src/server/orders/changes/order-designs-view.ts';
import { type ErrorBody, adminProductSaves } from '../support/admin-product-saves.ts';
import { orderBySession, postJson, sessionIdOf } from '../support/checkout.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { type ChangeShop, orderLines, paidTeeOrder, seedChangeShop } from '../support/list-priced-changes.ts';
import { listCheckout } from '../support/list-priced-shop.ts';
import { changeLocations } from '../support/order-locations.ts';

/**
 * Adding or dropping a print location of a paid order's design (docs/decisions/0029-deposits.md: "add a back print",
 * "drop the sleeve"): priced as checkout prices it (a flat location's charge on every piece and
 * its setup fee; a list-priced design through the same engine as one job), the order re-totalled,
 * the timeline and the stage following; refused in words with nothing stored.
 */
const { authorization } = adminProductSaves();
const SLUG = 'city-champ-tourney-tee';
type Refusal = ErrorBody & { error: { message: string; fields?: Record<string, string> } };

describe.each(DATABASE_KINDS)('print location changes on %s', (kind) => {
  let database: TestDatabase;
  let shop: ChangeShop;
  let tee: { productId: string; colorId: string; sizeId: string };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    shop = await seedChangeShop(database.db);
    const row = await database.db
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .innerJoin('colors as c', 'c.id', 'v.color_id')
      .select(['p.id as productId', 'c.id as colorId', 'v.size_id as sizeId', 'v.id as variantId'])
      .where('p.slug', '=', SLUG)
      .where('c.is_active', '=', true)
      .orderBy('c.sort_order')
      .executeTakeFirstOrThrow();
    await database.db.updateTable('product_variants').set({ stock_qty: 100 }).where('id', '=', row.variantId).execute();
    tee = { productId: row.productId, colorId: row.colorId, sizeId: row.sizeId! };
  });
  afterAll(() => database.dispose());

  const orderRow = (id: string) =>
    database.db
      .selectFrom('orders')
      .select(['subtotal_cents', 'total_cents', 'stage'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const timeline = async (id: string) =>
    (
      await database.db
        .selectFrom('order_events')
        .select(['kind', 'comment', 'to_stage'])
        .where('order_id', '=', id)
        .orderBy('created_at')
        .execute()
    ).filter((e) => e.kind === 'order_change' || e.to_stage);
  const locationsOf = async (id: string) =>
    (
      await database.db
        .selectFrom('order_items')
        .select('variant_metadata')
        .where('order_id', '=', id)
        .where('item_type', '=', 'product')
        .execute()
    ).map((l) => (l.variant_metadata as { locations: { code: string; artwork_id: string | null }[] }).locations);

  /** 12 City Champ tees printed on the back ($3.00 a piece, $25.00 setup), the back's file here. */
  async function flatOrder() {
    const started = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ ...tee, quantity: 12, locations: [{ code: 'back', artworkId: null }] }],
      fulfillment: 'local',
    });
    expect(started.status).toBe(201);
    const row = await orderBySession(database.db, sessionIdOf(((await started.json()) as { url: string }).url));
    await completeOrder(database.db, row.id, { email: 'flat@example.com', name: 'Flo Print' });
    // The customer sent the back's file: the order waits for nothing.
    const line = await database.db
      .selectFrom('order_items')
      .select(['id', 'variant_metadata'])
      .where('order_id', '=', row.id)
      .where('item_type', '=', 'product')
      .executeTakeFirstOrThrow();
    const meta = line.variant_metadata as Record<string, unknown>;
    await database.db
      .updateTable('order_items')
      .set({
        variant_metadata: jsonb({
          ...meta,
          locations: [{ code: 'back', name: 'Back', artwork_id: crypto.randomUUID() }],
        }),
      })
      .where('id', '=', line.id)
      .execute();
    await database.db.updateTable('orders').set({ stage: 'paid' }).where('id', '=', row.id).execute();
    return { id: row.id, itemId: line.id, ...(await orderRow(row.id)) };
  }

  it('adds a left sleeve to a flat design: its charge on every piece and its setup, the file asked for', async () => {
    const order = await flatOrder();
    const res = await changeLocations(authorization, order.id, { item_id: order.itemId, add: { code: 'left-sleeve' } });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as OrderChangeAnswer;
    const after = await orderRow(order.id);
    // 12 × $2.00 sleeve print + $15.00 sleeve setup.
    expect(after.subtotal_cents).toBe(order.subtotal_cents + 12 * 200 + 1500);
    expect(answer.total_cents).toBe(after.total_cents);
    expect(answer.balance_cents).toBe(after.total_cents - order.total_cents);
    const charges = (await orderLines(database.db, order.id)).filter((l) => l.name.startsWith('Left sleeve'));
    expect(charges.map((c) => [c.item_type, c.quantity, c.unit_price_cents])).toEqual([
      ['print_location', 12, 200],
      ['setup_fee', 1, 1500],
    ]);
    expect((await locationsOf(order.id))[0]!.map((l) => [l.code, l.artwork_id === null])).toEqual([
      ['back', false],
      ['left-sleeve', true],
    ]);
    // The sleeve's file is to come: the job waits for it and the customer's page asks for it.
    expect(after.stage).toBe('awaiting_artwork');
    const events = await timeline(order.id);
    expect(events.at(-2)!.comment).toMatch(/: left sleeve print added \(artwork to come\), \+\$39\.00; total /);
    expect(events.at(-1)!.to_stage).toBe('awaiting_artwork');

    // Dropping the sleeve again: its charges go, the balance goes back and the order waits for nothing.
    const dropped = await changeLocations(authorization, order.id, { item_id: order.itemId, remove: 'left-sleeve' });
    expect(dropped.status).toBe(200);
    expect((await orderRow(order.id)).subtotal_cents).toBe(order.subtotal_cents);
    expect((await orderRow(order.id)).stage).toBe('paid');
    expect((await orderLines(database.db, order.id)).some((l) => l.name.startsWith('Left sleeve'))).toBe(false);
  });

  it('drops the back of a design printed front and back: nothing refunded, the overpaid amount offered', async () => {
    const order = await flatOrder();
    await database.db.updateTable('orders').set({ stage: 'approved' }).where('id', '=', order.id).execute();
    expect(
      (await changeLocations(authorization, order.id, { item_id: order.itemId, add: { code: 'front' } })).status,
    ).toBe(200);
    const added = await orderRow(order.id);
    // A job past its proof is not moved back: the owner takes the file with the next proof.
    expect(added.stage).toBe('approved');
    expect(added.subtotal_cents).toBe(order.subtotal_cents + 2500);
    const res = await changeLocations(authorization, order.id, { item_id: order.itemId, remove: 'back' });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as OrderChangeAnswer;
    const after = await orderRow(order.id);
    // 12 × $3.00 back print + $25.00 back setup come off.
    expect(after.subtotal_cents).toBe(added.subtotal_cents - 12 * 300 - 2500);
    // Paid more than it now costs: it owes nothing and the admin's Refunds offers the difference.
    expect(answer.balance_cents).toBe(0);
    expect(answer.overpaid_cents).toBe(order.total_cents - after.total_cents);
    expect((await timeline(order.id)).at(-1)!.comment).toMatch(/: back print removed, −\$61\.00; total /);
  });

  it('refuses what it cannot do, in words, storing nothing', async () => {
    const order = await flatOrder();
    const shipped = await flatOrder();
    await database.db
      .updateTable('orders')
      .set({ stage: 'shipped', carrier: 'UPS', tracking_number: '1Z999', shipped_at: new Date() })
      .where('id', '=', shipped.id)
      .execute();
    const before = await snapshot(database.db);
    const item = order.itemId;
    const refusals: [string, unknown, number, string, string][] = [
      [order.id, { item_id: item, add: { code: 'pocket' } }, 400, 'not_offered', 'add.code'],
      [order.id, { item_id: item, add: { code: 'back' } }, 400, 'already_printed', 'add.code'],
      [order.id, { item_id: item, remove: 'front' }, 400, 'not_printed', 'remove'],
      [order.id, { item_id: item, remove: 'back' }, 400, 'last_location', 'remove'],
      [order.id, { item_id: item }, 400, 'invalid_input', 'add'],
      [order.id, { item_id: item, add: { code: 'front' }, remove: 'back' }, 400, 'invalid_input', 'add'],
      [order.id, { item_id: item, add: { code: 'Front!' } }, 400, 'invalid_input', 'add.code'],
      [shipped.id, { item_id: shipped.itemId, add: { code: 'front' } }, 409, 'order_handed_over', ''],
    ];
    for (const [orderId, body, status, code, field] of refusals) {
      const answer = await changeLocations(authorization, orderId, body);
      const error = ((await answer.json()) as Refusal).error;
      expect([answer.status, error.code], JSON.stringify(body)).toEqual([status, code]);
      expect(error.message.length).toBeGreaterThan(10);
      if (field) expect(error.fields?.[field], JSON.stringify(body)).toMatch(/\w+ \w+/);
    }
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });

  it('refuses a change that would make two designs one, or whose charges could not be told apart', async () => {
    const back = { code: 'back', artworkId: null };
    const started = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [
        { ...tee, quantity: 12, locations: [back] },
        { ...tee, quantity: 12, locations: [back, { code: 'left-sleeve', artworkId: null }] },
      ],
      fulfillment: 'local',
    });
    expect(started.status).toBe(201);
    const row = await orderBySession(database.db, sessionIdOf(((await started.json()) as { url: string }).url));
    await completeOrder(database.db, row.id, { email: 'two@example.com', name: 'Two Designs' });
    const lines = await database.db
      .selectFrom('order_items')
      .select(['id', 'variant_metadata'])
      .where('order_id', '=', row.id)
      .where('item_type', '=', 'product')
      .execute();
    const printedOn = (n: number) =>
      lines.find((l) => (l.variant_metadata as { locations: unknown[] }).locations.length === n)!;
    const [backOnly, withSleeve] = [printedOn(1), printedOn(2)];
    const refused = async (body: unknown, code: string) => {
      const answer = await changeLocations(authorization, row.id, body);
      expect([answer.status, ((await answer.json()) as Refusal).error.code], JSON.stringify(body)).toEqual([409, code]);
    };
    let before = await snapshot(database.db);
    await refused({ item_id: backOnly.id, add: { code: 'left-sleeve' } }, 'designs_merge');
    await refused({ item_id: withSleeve.id, remove: 'left-sleeve' }, 'designs_merge');
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
    // The first design's back has its file: a sleeve on it makes a third design, whose sleeve
    // charges would share their names with the second's.
    await database.db
      .updateTable('order_items')
      .set({
        variant_metadata: jsonb({ locations: [{ code: 'back', name: 'Back', artwork_id: crypto.randomUUID() }] }),
      })
      .where('id', '=', backOnly.id)
      .execute();
    before = await snapshot(database.db);
    await refused({ item_id: backOnly.id, add: { code: 'left-sleeve' } }, 'charges_unclear');
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });

  it('adds a back to a list-priced design, priced as checkout prices the tee printed front and back', async () => {
    const order = await paidTeeOrder(database.db, shop, { [shop.tee.m]: 12, [shop.tee.l]: 12 });
    const item = (await orderLines(database.db, order.id)).find((l) => l.item_type === 'product')!;
    const res = await changeLocations(authorization, order.id, { item_id: item.id, add: { code: 'back', colors: 1 } });
    expect(res.status, await res.clone().text()).toBe(200);
    // The same tees bought front and back at checkout cost what the changed order now does.
    const both = [
      { code: 'front', artworkId: null, colors: 2 },
      { code: 'back', artworkId: null, colors: 1 },
    ];
    const started = await listCheckout(
      [shop.tee.m, shop.tee.l].map((sizeId) => ({
        productId: shop.tee.productId,
        colorId: shop.tee.colorId,
        sizeId,
        quantity: 12,
        locations: both,
      })),
    );
    expect(started.status).toBe(201);
    const checkout = await orderBySession(database.db, sessionIdOf(((await started.json()) as { url: string }).url));
    const after = await orderRow(order.id);
    expect(after.subtotal_cents).toBe(checkout.subtotal_cents);
    expect(after.subtotal_cents).toBeGreaterThan(order.subtotal_cents);
    const lines = await orderLines(database.db, order.id);
    const checkoutLines = await orderLines(database.db, checkout.id);
    const prices = (ls: typeof lines) => ls.map((l) => [l.item_type, l.quantity, l.unit_price_cents]).sort();
    expect(prices(lines)).toEqual(prices(checkoutLines));
    expect((await timeline(order.id)).at(-1)!.comment).toMatch(
      /: back print added, 1 colour \(artwork to come\), 24 pieces at \$[\d.]+ a piece \(was \$[\d.]+\).*, \+\$[\d.]+; total /,
    );

    // Dropped again: the order comes back to what it charged, the difference overpaid.
    const dropped = await changeLocations(authorization, order.id, { item_id: item.id, remove: 'back' });
    expect(dropped.status).toBe(200);
    const answer = (await dropped.json()) as OrderChangeAnswer;
    expect((await orderRow(order.id)).subtotal_cents).toBe(order.subtotal_cents);
    expect(answer.total_cents).toBe(order.total_cents);
    expect(answer.balance_cents).toBe(0);
  });

  it('refuses a list-priced back without the inputs its list asks for, and the last location, storing nothing', async () => {
    const order = await paidTeeOrder(database.db, shop, { [shop.tee.m]: 12 });
    const item = (await orderLines(database.db, order.id)).find((l) => l.item_type === 'product')!;
    const before = await snapshot(database.db);
    const missing = await changeLocations(authorization, order.id, { item_id: item.id, add: { code: 'back' } });
    expect(missing.status).toBe(400);
    const error = ((await missing.json()) as Refusal).error;
    expect(error.fields?.['add.colors']).toMatch(/colour/i);
    const last = await changeLocations(authorization, order.id, { item_id: item.id, remove: 'front' });
    expect([last.status, ((await last.json()) as Refusal).error.code]).toEqual([400, 'last_location']);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });

  it("lists each design's locations and the product's others with what prices them, as the dialog offers them", async () => {
    const flat = await flatOrder();
    const [design] = await orderDesigns(database.db, flat.id);
    expect(design!.locations).toEqual([{ code: 'back', name: 'Back' }]);
    expect(design!.list_priced).toBe(false);
    expect(design!.addable.map((l) => [l.code, l.price_cents_per_piece, l.setup_fee_cents, l.price_list])).toEqual([
      ['front', 0, 2500, null],
      ['left-sleeve', 200, 1500, null],
      ['right-sleeve', 200, 1500, null],
    ]);

    // A list-priced design is offered its product's back with the chart that prices it (ink colours).
    const listed = await paidTeeOrder(database.db, shop, { [shop.tee.m]: 12 });
    const [tee] = await orderDesigns(database.db, listed.id);
    expect(tee!.list_priced).toBe(true);
    expect(tee!.locations.map((l) => l.code)).toEqual(['front']);
    const back = tee!.addable.find((l) => l.code === 'back')!;
    expect(back.price_list?.data.method).toBe('screen_print');
    // Once the back is on, it is the design's and no longer offered.
    const item = (await orderLines(database.db, listed.id)).find((l) => l.item_type === 'product')!;
    expect(
      (await changeLocations(authorization, listed.id, { item_id: item.id, add: { code: 'back', colors: 1 } })).status,
    ).toBe(200);
    const [changed] = await orderDesigns(database.db, listed.id);
    expect(changed!.locations.map((l) => l.code)).toEqual(['front', 'back']);
    expect(changed!.addable.map((l) => l.code)).not.toContain('back');
  });
});
