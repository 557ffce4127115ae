import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import orderStage from '../../netlify/functions/admin-order-stage.mts';
import adminOrders from '../../netlify/functions/admin-orders.mts';
import type { AdminOrder, OrderStageAnswer } from '../../src/lib/admin-schemas/index.ts';
import { jsonb } from '../../src/server/db/json.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { adminProductSaves, type ErrorBody } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * The owner moves paid orders through production (docs/decisions/0016-order-workflow.md): every
 * move checked and recorded.
 */
const { authorization } = adminProductSaves();

describe.each(DATABASE_KINDS)('production stages on %s', (kind) => {
  let database: TestDatabase;

  const move = (id: string, body: unknown, auth = authorization) =>
    callFunction(orderStage, `/api/orders/${id}/stage`, {
      method: 'POST',
      params: { id },
      headers: { ...(auth ? { authorization: auth } : {}), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  /** A paid order (or `status`), optionally with a printed line whose front has `artworkId`. */
  async function order(
    options: {
      status?: 'paid' | 'pending';
      fulfillment?: 'shipping' | 'local';
      print?: { artworkId: string | null };
    } = {},
  ): Promise<string> {
    const paid = (options.status ?? 'paid') === 'paid';
    const row = await database.db
      .insertInto('orders')
      .values({
        email: 'stage.test@example.com',
        status: options.status ?? 'paid',
        fulfillment: options.fulfillment ?? 'shipping',
        paid_at: paid ? new Date() : null,
        // Where checkout starts a paid job: waiting for artwork promised for later, or paid.
        stage: paid ? (options.print && !options.print.artworkId ? 'awaiting_artwork' : 'paid') : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('order_items')
      .values({
        order_id: row.id,
        name: 'Tourney Tee',
        quantity: 12,
        unit_price_cents: 1900,
        variant_metadata: jsonb(
          options.print
            ? { size: 'M', locations: [{ code: 'front', name: 'Front', artwork_id: options.print.artworkId }] }
            : { size: 'M' },
        ),
      })
      .execute();
    return row.id;
  }

  const stageOf = async (id: string) =>
    (await database.db.selectFrom('orders').select('stage').where('id', '=', id).executeTakeFirstOrThrow()).stage;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('takes an order with nothing printed straight to production, then ships and completes it, recording each move', async () => {
    const id = await order();
    const started = await move(id, { to: 'in_production', comment: '  On the press Tuesday  ' });
    expect(started.status).toBe(200);
    expect(((await started.json()) as OrderStageAnswer).timeline).toEqual([
      expect.objectContaining({
        actor: 'owner',
        from_stage: 'paid',
        to_stage: 'in_production',
        comment: 'On the press Tuesday',
      }),
    ]);
    const untracked = await move(id, { to: 'shipped' });
    expect(untracked.status).toBe(400);
    expect(((await untracked.json()) as ErrorBody).error.fields).toHaveProperty('tracking_number');
    expect((await move(id, { to: 'shipped', carrier: 'UPS', tracking_number: '1Z999AA10123456784' })).status).toBe(200);
    expect(
      await database.db
        .selectFrom('orders')
        .select(['carrier', 'tracking_number', 'tracking_url'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      carrier: 'UPS',
      tracking_number: '1Z999AA10123456784',
      tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    const done = (await (await move(id, { to: 'completed' })).json()) as OrderStageAnswer;
    expect(done.stage).toBe('completed');
    expect(done.timeline.map((e) => `${e.from_stage}→${e.to_stage}`)).toEqual([
      'paid→in_production',
      'in_production→shipped',
      'shipped→completed',
    ]);
  });

  it('shows the owner where an order is, the moves open now and the timeline, and nothing for unpaid orders', async () => {
    const read = async (id: string) =>
      (await (
        await callFunction(adminOrders, `/api/orders/${id}`, { params: { id }, headers: { authorization } })
      ).json()) as AdminOrder;
    const waiting = await order({ print: { artworkId: null } });
    expect((await read(waiting)).production).toEqual({
      stage: 'awaiting_artwork',
      next_stages: [],
      // The missing artwork comes by e-mail; the proof made from it is the way on.
      can_send_proof: true,
      held: null,
      proofs: [],
      customer_url: expect.stringMatching(/^http:\/\/localhost:\d+\/orders\/[0-9a-f]{32}\.[0-9a-z]+\.[\w-]{22}$/),
      shipment: null,
      timeline: [],
    });
    const plain = await order({ fulfillment: 'local' });
    expect((await read(plain)).production?.next_stages).toEqual(['in_production']);
    await move(plain, { to: 'in_production' });
    const moved = (await read(plain)).production!;
    expect(moved.stage).toBe('in_production');
    expect(moved.next_stages).toEqual(['ready_for_pickup']);
    expect(moved.timeline).toHaveLength(1);
    expect((await read(await order({ status: 'pending' }))).production).toBeNull();
  });

  it('sends a printed order through its proof, and holds one whose artwork has not arrived', async () => {
    const printed = await order({ print: { artworkId: crypto.randomUUID() }, fulfillment: 'local' });
    const skip = await move(printed, { to: 'in_production' });
    expect(skip.status).toBe(409);
    expect(((await skip.json()) as ErrorBody).error.code).toBe('invalid_stage');
    // A proof is sent by uploading it (order-proofs.test.ts), never by naming the stage.
    const unproofed = await move(printed, { to: 'proof_sent' });
    expect(unproofed.status).toBe(409);
    expect(((await unproofed.json()) as ErrorBody).error.code).toBe('proof_required');
    await database.db.updateTable('orders').set({ stage: 'proof_sent' }).where('id', '=', printed).execute();
    for (const to of ['approved', 'in_production', 'ready_for_pickup', 'completed']) {
      expect((await move(printed, { to })).status, to).toBe(200);
    }

    const waiting = await order({ print: { artworkId: null } });
    const early = await move(waiting, { to: 'in_production' });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { message: string } }).error.message).toBe(
      'An order that is awaiting artwork cannot become in production.',
    );
    // Refused: still where it was.
    expect(await stageOf(waiting)).toBe('awaiting_artwork');
  });

  it('stores a tracking link written HTTPS://… as the https link it is, and refuses one that is not https with 400', async () => {
    const id = await order();
    expect((await move(id, { to: 'in_production' })).status).toBe(200);
    const plain = await move(id, {
      to: 'shipped',
      carrier: 'Other',
      tracking_number: 'TRK 1',
      tracking_url: 'http://track.example.com/1',
    });
    expect(plain.status).toBe(400);
    expect(((await plain.json()) as ErrorBody).error.fields).toHaveProperty('tracking_url');
    const shouted = await move(id, {
      to: 'shipped',
      carrier: 'Other',
      tracking_number: 'TRK 1',
      tracking_url: 'HTTPS://Track.Example.com/parcel?id=TRK1',
    });
    expect(shouted.status).toBe(200);
    const row = await database.db
      .selectFrom('orders')
      .select('tracking_url')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.tracking_url).toBe('https://track.example.com/parcel?id=TRK1');
  });

  it('refuses moves the state machine does not allow, unpaid orders, unknown ones and bad input, changing nothing', async () => {
    const id = await order();
    const pending = await order({ status: 'pending' });
    const before = await snapshot(database.db);
    const backwards = await move(id, { to: 'completed' });
    expect(backwards.status).toBe(409);
    const unpaid = await move(pending, { to: 'in_production' });
    expect(unpaid.status).toBe(409);
    expect(((await unpaid.json()) as ErrorBody).error.code).toBe('not_paid');
    expect((await move(crypto.randomUUID(), { to: 'in_production' })).status).toBe(404);
    expect((await move('not-an-id', { to: 'in_production' })).status).toBe(404);
    const bad = await move(id, { to: 'refunded' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.fields).toHaveProperty('to');
    expect((await move(id, { to: 'in_production', comment: 'x'.repeat(2001) })).status).toBe(400);
    expect((await move(id, { to: 'in_production', stage: 'completed' })).status).toBe(400);
    expect((await move(id, { to: 'in_production' }, '')).status).toBe(401);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });

  it('lets one of two owners racing to the same move through: the other gets 409 and one event is written', async () => {
    const id = await order();
    const answers = await Promise.all([move(id, { to: 'in_production' }), move(id, { to: 'in_production' })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const events = await database.db.selectFrom('order_events').select('id').where('order_id', '=', id).execute();
    expect(events).toHaveLength(1);
  });
});
