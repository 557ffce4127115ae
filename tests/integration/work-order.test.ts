import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import workOrderFunction from '../../netlify/functions/admin-order-work-order.mts';
import type { WorkOrder } from '../../src/lib/admin-schemas/work-order.ts';
import { qrSvg } from '../../src/server/admin/qr-svg.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { jsonb } from '../../src/server/db/json.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/** The printable work order (docs/decisions/0028-owner-and-receipts.md): what the press reads, for the admin only. */
const { authorization } = adminProductSaves();

describe.each(DATABASE_KINDS)('the work order of an order on %s', (kind) => {
  let database: TestDatabase;
  const get = (id: string, headers: Record<string, string> = { authorization }) =>
    callFunction(workOrderFunction, `/api/orders/${id}/work-order`, { headers, params: { id } });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  /** Two sizes of the shop's list, in its order, and an artwork file of the order. */
  async function fixtures(orderId: string) {
    const [small, large] = await database.db
      .insertInto('sizes')
      .values([
        { name: `WO-S-${orderId.slice(0, 6)}`, sort_order: 1 },
        { name: `WO-L-${orderId.slice(0, 6)}`, sort_order: 3 },
      ])
      .returning(['id', 'name'])
      .execute();
    const artwork = await database.db
      .insertInto('artwork')
      .values({
        owner_hash: 'a'.repeat(64),
        order_id: orderId,
        attached_at: new Date(),
        status: 'ready',
        original_name: 'tourney-front.png',
        content_type: 'image/png',
        byte_size: 2048,
        storage_key: `wo/${orderId}/front`,
        checked_at: new Date(),
        // What the check found, the inks it counted among it (docs/decisions/0027-price-lists.md).
        checks: jsonb({
          kind: 'raster',
          inkColors: { count: 2, fullColor: false, background: '#ffffff', inks: ['#1f3a93', '#c0392b'] },
        }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { small: small!, large: large!, artworkId: artwork.id };
  }

  it('groups each design by sizes and colours with totals, its locations and artwork, and the notes', async () => {
    const order = await database.db
      .insertInto('orders')
      .values({
        email: 'coach@example.com',
        status: 'paid',
        paid_at: new Date(),
        stage: 'in_production',
        in_hands_date: new Date('2026-12-04T00:00:00Z'),
        ready_by: '2026-12-03',
        fulfillment: 'shipping',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('order_shipping')
      .values({
        order_id: order.id,
        name: 'Coach Rivera',
        address_line1: '1 Main St',
        city: 'Odessa',
        state: 'TX',
        postal_code: '79761',
        country: 'US',
      })
      .execute();
    const { small, large, artworkId } = await fixtures(order.id);
    const printed = {
      locations: [
        { code: 'front', name: 'Front', artwork_id: artworkId },
        { code: 'back', name: 'Back', artwork_id: null },
      ],
    };
    const line = (position: number, color: string, size: { id: string; name: string }, quantity: number) => ({
      order_id: order.id,
      position,
      name: 'Tourney Tee',
      product_id: null,
      size_id: size.id,
      quantity,
      unit_price_cents: 1200,
      variant_metadata: jsonb({ color, size: size.name, ...printed }),
    });
    await database.db
      .insertInto('order_items')
      .values([
        // Bought large first: the grid still reads small before large (the shop's size order).
        line(0, 'Black', large, 10),
        line(1, 'Black', small, 6),
        line(2, 'Heather Grey', large, 8),
        {
          order_id: order.id,
          position: 3,
          name: 'Die-cut Sticker',
          quantity: 50,
          unit_price_cents: 40,
          variant_metadata: jsonb({}),
        },
        {
          order_id: order.id,
          position: 4,
          name: 'Tourney Tee: Front print',
          item_type: 'print_location',
          quantity: 24,
          unit_price_cents: 300,
          variant_metadata: jsonb({}),
        },
      ])
      .execute();
    await database.db
      .insertInto('order_events')
      .values([
        {
          order_id: order.id,
          actor: 'customer',
          kind: 'stage',
          to_stage: 'changes_requested',
          comment: 'Logo 2 in. higher',
        },
        { order_id: order.id, actor: 'owner', kind: 'stage', to_stage: 'in_production', comment: null },
      ])
      .execute();

    const answer = await get(order.id);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toContain('no-store');
    const sheet = (await answer.json()) as WorkOrder;
    expect(sheet.number).toBe(order.id.replaceAll('-', '').slice(0, 8).toUpperCase());
    expect(sheet.customer).toBe('Coach Rivera');
    // Where the finished job goes (issue 44, item 11), as the order dialog's "Ship to" says it.
    expect(sheet.ship_to).toEqual({
      name: 'Coach Rivera',
      address_line1: '1 Main St',
      address_line2: null,
      city: 'Odessa',
      state: 'TX',
      postal_code: '79761',
      country: 'US',
    });
    expect(sheet.in_hands_date).toBe('2026-12-04');
    // The press works to the day the rush promised too.
    expect(sheet.ready_by).toBe('2026-12-03');
    expect(sheet.stage).toBe('in_production');
    expect(sheet.pieces).toBe(74);

    const [tee, sticker] = sheet.designs;
    expect(sheet.designs).toHaveLength(2);
    expect(tee).toEqual({
      product: 'Tourney Tee',
      // Flat-priced: no specs from price lists.
      specs: null,
      locations: [
        {
          code: 'front',
          name: 'Front',
          artwork: { id: artworkId, file_name: 'tourney-front.png', inks: ['#1f3a93', '#c0392b'], full_color: false },
        },
        { code: 'back', name: 'Back', artwork: null },
      ],
      sizes: [small.name, large.name],
      rows: [
        { color: 'Black', counts: [6, 10], total: 16 },
        { color: 'Heather Grey', counts: [0, 8], total: 8 },
      ],
      size_totals: [6, 18],
      total: 24,
      personalisation: [],
    });
    expect(sticker).toMatchObject({
      product: 'Die-cut Sticker',
      locations: [],
      sizes: ['One size'],
      rows: [{ color: 'No colour chosen', counts: [50], total: 50 }],
      total: 50,
    });
    expect(sheet.notes).toEqual([{ at: expect.any(String), by: 'Customer', text: 'Logo 2 in. higher' }]);
    expect(sheet.admin_url).toBe(`http://localhost:4321/admin/orders?order=${order.id}`);
    expect(sheet.qr_svg).toBe(qrSvg(sheet.admin_url));
  });

  it('keeps a design per artwork: the same product with other artwork is another block', async () => {
    const order = await database.db
      .insertInto('orders')
      .values({ email: 'two.designs@example.com', status: 'paid', paid_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { small, artworkId } = await fixtures(order.id);
    const tee = (position: number, artwork: string | null, quantity: number) => ({
      order_id: order.id,
      position,
      name: 'Club Hoodie',
      size_id: small.id,
      quantity,
      unit_price_cents: 3000,
      variant_metadata: jsonb({
        color: 'Navy',
        size: small.name,
        locations: [{ code: 'front', name: 'Front', artwork_id: artwork }],
      }),
    });
    await database.db
      .insertInto('order_items')
      .values([tee(0, artworkId, 12), tee(1, null, 5)])
      .execute();
    const sheet = (await (await get(order.id)).json()) as WorkOrder;
    expect(sheet.designs.map((d) => [d.total, d.locations[0]!.artwork?.file_name ?? null])).toEqual([
      [12, 'tourney-front.png'],
      [5, null],
    ]);
    expect(sheet.customer).toBeNull();
    expect(sheet.in_hands_date).toBeNull();
  });

  it('answers 401 without a session, 404 for an unknown order or a malformed id', async () => {
    const order = await database.db
      .insertInto('orders')
      .values({ email: 'private@example.com' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const anonymous = await get(order.id, {});
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain('private@example.com');
    expect((await get(order.id, { authorization: 'Bearer not-a-token' })).status).toBe(401);
    const unknown = await get(crypto.randomUUID());
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('not_found');
    expect((await get('not-an-id')).status).toBe(404);
  });
});
