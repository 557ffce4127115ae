import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminOrders from '../../netlify/functions/admin-orders.mts';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import type { AdminOrder } from '../../src/lib/admin-schemas/orders.ts';
import { TAX_RATE } from '../../src/lib/pricing/cart-totals.ts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { releaseOrder } from '../../src/server/orders/release-order.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { type ErrorBody, adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { orderBySession, postJson, sessionIdOf, setVariantStock, variantOf } from '../support/checkout.ts';
import type { VariantFixture } from '../support/checkout.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { orderChangeCalls } from '../support/order-changes.ts';

/**
 * The owner's adjustment line on a paid order (docs/decisions/0029-deposits.md, order changes after payment): stored as
 * a line of the order, the order re-totalled with its tax, the change on the timeline, the
 * balance following; refused in words with nothing stored when the order cannot take it.
 */
const { authorization } = adminProductSaves();
const { adjust } = orderChangeCalls(authorization);
const tax = (cents: number) => Math.round(cents * TAX_RATE);

describe.each(DATABASE_KINDS)('adjustment lines on %s', (kind) => {
  let database: TestDatabase;
  let hoodie: VariantFixture;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie', 1);
    await setVariantStock(database.db, hoodie.variantId, 500);
  });
  afterAll(() => database.dispose());

  /** Two hoodies at checkout, picked up at the shop; paid unless `paid` is false. */
  async function order(paid = true) {
    const started = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 2 }],
      fulfillment: 'local',
    });
    expect(started.status).toBe(201);
    const row = await orderBySession(database.db, sessionIdOf(((await started.json()) as { url: string }).url));
    if (paid) await completeOrder(database.db, row.id, { email: 'adjusted@example.com', name: 'Ada Just' });
    return { id: row.id, subtotal: row.subtotal_cents, total: row.total_cents };
  }

  const adminOrder = async (id: string) =>
    (await (
      await callFunction(adminOrders, `/api/orders/${id}`, { params: { id }, headers: { authorization } })
    ).json()) as AdminOrder;

  const changes = (orderId: string) =>
    database.db
      .selectFrom('order_events')
      .select(['actor', 'comment'])
      .where('order_id', '=', orderId)
      .where('kind', '=', 'order_change')
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  it('adds the line with its reason, re-totals the order with its tax, and the balance owes the difference', async () => {
    const paid = await order();
    const added = await adjust(paid.id, { amount_cents: 1_200, reason: '  Extra artwork time ' });
    expect(added.status).toBe(201);
    const newTotal = paid.total + 1_200 + tax(paid.subtotal + 1_200) - tax(paid.subtotal);
    const owed = newTotal - paid.total;
    expect(await added.json()).toEqual({ id: paid.id, total_cents: newTotal, balance_cents: owed, overpaid_cents: 0 });

    const admin = await adminOrder(paid.id);
    expect(admin.items.at(-1)).toMatchObject({
      name: 'Adjustment: Extra artwork time',
      item_type: 'adjustment',
      quantity: 1,
      unit_price_cents: 1_200,
    });
    expect(admin).toMatchObject({ subtotal_cents: paid.subtotal + 1_200, total_cents: newTotal });
    expect(admin.money).toMatchObject({ paid_cents: paid.total, balance_cents: owed });
    expect(await changes(paid.id)).toEqual([
      {
        actor: 'owner',
        comment: `Adjustment +$12.00 — Extra artwork time; total $${(paid.total / 100).toFixed(2)} → $${(newTotal / 100).toFixed(2)}`,
      },
    ]);
    expect(admin.production!.timeline.at(-1)).toMatchObject({ kind: 'order_change', actor: 'owner' });
  });

  it('takes a credit off the order, which then was paid more than it costs', async () => {
    const paid = await order();
    const credited = await adjust(paid.id, { amount_cents: -1_000, reason: 'Goodwill: late delivery' });
    expect(credited.status).toBe(201);
    const newTotal = paid.total - 1_000 + tax(paid.subtotal - 1_000) - tax(paid.subtotal);
    expect(await credited.json()).toEqual({
      id: paid.id,
      total_cents: newTotal,
      balance_cents: 0,
      overpaid_cents: paid.total - newTotal,
    });
    expect((await changes(paid.id))[0]!.comment).toMatch(/^Adjustment −\$10\.00 — Goodwill: late delivery; total /);
  });

  it('refuses, in words and naming the field, what the order cannot take, storing nothing', async () => {
    const paid = await order();
    const pending = await order(false);
    const cancelled = await order(false);
    await releaseOrder(database.db, cancelled.id);
    const shipped = await order();
    await database.db
      .updateTable('orders')
      .set({ stage: 'shipped', carrier: 'UPS', tracking_number: '1Z999', shipped_at: new Date() })
      .where('id', '=', shipped.id)
      .execute();
    const before = await snapshot(database.db);

    const refusals: [unknown, string, RegExp][] = [
      [{ amount_cents: 1_200 }, 'reason', /why/],
      [{ amount_cents: 1_200, reason: '   ' }, 'reason', /why/],
      [{ amount_cents: 1_200, reason: 'x'.repeat(201) }, 'reason', /200 characters/],
      [{ amount_cents: 0, reason: 'Nothing' }, 'amount_cents', /above or below \$0\.00/],
      [{ amount_cents: 12.5, reason: 'Half a cent' }, 'amount_cents', /whole cents/],
      [{ amount_cents: '1200', reason: 'Text' }, 'amount_cents', /amount/],
      [{ reason: 'No amount' }, 'amount_cents', /amount/],
      [{ amount_cents: -(paid.subtotal + 1), reason: 'Too much' }, 'amount_cents', /At most −\$/],
    ];
    for (const [body, field, words] of refusals) {
      const answer = await adjust(paid.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const { error } = (await answer.json()) as ErrorBody;
      expect(error.fields?.[field], JSON.stringify(body)).toMatch(words);
    }
    const tooMuch = (await (await adjust(paid.id, refusals.at(-1)![0])).json()) as ErrorBody & {
      error: { message: string };
    };
    expect(tooMuch.error).toMatchObject({ code: 'credit_too_large' });
    expect(tooMuch.error.message).toBe(
      `A credit can take at most $${(paid.subtotal / 100).toFixed(2)} off this order.`,
    );

    const conflicts: [string, string][] = [
      [pending.id, 'order_not_paid'],
      [cancelled.id, 'order_cancelled'],
      [shipped.id, 'order_handed_over'],
    ];
    for (const [id, code] of conflicts) {
      const answer = await adjust(id, { amount_cents: 500, reason: 'More' });
      expect(answer.status, code).toBe(409);
      expect(((await answer.json()) as ErrorBody).error.code).toBe(code);
    }
    expect((await adjust(paid.id, { amount_cents: 500, reason: 'More' }, null)).status).toBe(401);
    expect((await adjust(crypto.randomUUID(), { amount_cents: 500, reason: 'More' })).status).toBe(404);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });
});
