import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ordersExport from '../../netlify/functions/admin-orders-export.mts';
import { getOrder } from '../../src/server/admin/orders.ts';
import { workOrder } from '../../src/server/admin/work-order.ts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { orderReceipt } from '../../src/server/checkout/order-receipt.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { jsonb } from '../../src/server/db/json.ts';
import { customerOrderView } from '../../src/server/orders/customer-view.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { orderBySession, sessionIdOf } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { type ListPricedShop, listCheckout, seedListPricedShop, teeLineOf } from '../support/list-priced-shop.ts';

/**
 * Where a list-priced order shows how it was priced (docs/decisions/0027-price-lists.md): the receipt, the customer's
 * order page, the admin order, the work order, the CSV export and the confirmation e-mail all
 * carry each line's inputs and breakdown as the order keeps them, not as today's lists say.
 */

const { authorization } = adminProductSaves();
const TEE_INPUTS = 'Front, 2 colours · Back, 1 colour · Rush, 4 business days';
const TEE_BREAKDOWN = 'Garment $4.00 · Front, 2 colours $2.80 · Back, 1 colour $0.75';
const BANNER_INPUTS = '8 × 4 ft, 13 oz vinyl, grommets · Face · Rush, 4 business days';

describe.each(DATABASE_KINDS)('a list-priced order shown everywhere on %s', (kind) => {
  let database: TestDatabase;
  let shop: ListPricedShop;
  let orderId: string;
  let sessionId: string;
  const email = 'list.views@example.com';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    shop = await seedListPricedShop(database.db);
    const tee = teeLineOf(shop);
    const res = await listCheckout(
      [
        tee(shop.tee.m, 24),
        tee(shop.tee.l, 24),
        {
          productId: shop.banner.productId,
          colorId: shop.banner.colorId,
          sizeId: shop.banner.sizeId,
          quantity: 1,
          locations: [{ code: 'face', artworkId: null }],
          area: { widthIn: 96, heightIn: 48, material: '13oz', finishing: ['grommets'] },
        },
      ],
      { rush: 'rush-4' },
    );
    expect(res.status).toBe(201);
    sessionId = sessionIdOf(((await res.json()) as { url: string }).url);
    orderId = (await orderBySession(database.db, sessionId)).id;
    expect((await completeOrder(database.db, orderId, { email, name: 'Dana Ruiz' })).outcome).toBe('paid');
    // The lists change after the order: every view still says what the order was priced with.
    await database.db
      .updateTable('price_lists')
      .set({ name: sql<string>`'Renamed since ' || id::text` })
      .where('id', 'in', Object.values(shop.listIds))
      .execute();
    await database.db
      .updateTable('price_list_versions')
      .set({ data: jsonb({ method: 'flat', cents_per_piece: 1, setup_fee_cents: 0 }) })
      .where('price_list_id', 'in', Object.values(shop.listIds))
      .execute();
  });
  afterAll(() => database.dispose());

  it('shows the receipt after checkout with each priced line’s inputs and breakdown', async () => {
    const receipt = (await orderReceipt(database.db, sessionId))!;
    const tee = receipt.lines.find(
      (l) => l.description.includes('(') && l.kind === 'product' && !/banner/i.test(l.description),
    )!;
    expect(tee.priced).toEqual({ inputs: TEE_INPUTS, breakdown: TEE_BREAKDOWN });
    expect(receipt.lines.find((l) => /banner/i.test(l.description))!.priced!.inputs).toBe(BANNER_INPUTS);
    // Screens and rush are lines of their own, with no breakdown under them.
    const charges = receipt.lines.filter((l) => l.kind !== 'product');
    expect(charges.map((c) => c.kind)).toEqual(expect.arrayContaining(['screens', 'rush']));
    expect(charges.every((c) => c.priced === null)).toBe(true);
  });

  it('shows the customer’s order page lines with what was priced', async () => {
    const view = (await customerOrderView(database.db, orderId))!;
    // The pieces, then the screens and rush charges, each a line of its own without a breakdown.
    const pieces = view.items.filter((i) => i.kind === 'piece');
    expect(pieces).toHaveLength(3);
    expect(pieces[0]!.priced).toEqual({ inputs: TEE_INPUTS, breakdown: TEE_BREAKDOWN });
    expect(pieces[2]!.priced!.inputs).toBe(BANNER_INPUTS);
    expect(view.items.filter((i) => i.kind === 'charge').every((c) => c.priced === null)).toBe(true);
  });

  it('shows the admin order with the inputs, breakdown and lists of each line', async () => {
    const order = (await getOrder(database.db, orderId))!;
    const tee = order.items.find((i) => i.item_type === 'product')!;
    expect(tee.priced).toEqual({ inputs: TEE_INPUTS, breakdown: TEE_BREAKDOWN });
    expect(tee.price_lists).toEqual(
      expect.arrayContaining(['Screen print (contract chart) (checkout test), version 1']),
    );
    const screens = order.items.find((i) => i.item_type === 'screens')!;
    expect(screens.priced).toBeNull();
    expect(screens.price_lists).toEqual(['Screen print (contract chart) (checkout test), version 1']);
  });

  it('gives the press the colours per location and the banner’s dimensions', async () => {
    const sheet = (await workOrder(database.db, orderId))!;
    expect(sheet.designs.map((d) => d.specs)).toEqual([TEE_INPUTS, BANNER_INPUTS]);
    // Both sizes of the tee, printed alike, are one design.
    expect(sheet.designs[0]!.total).toBe(48);
  });

  it('exports the inputs and breakdown in the orders CSV', async () => {
    const res = await callFunction(ordersExport, '/api/order-export', { headers: { authorization } });
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]!.endsWith(',Priced items')).toBe(true);
    const row = lines.find((l) => l.startsWith(orderId))!;
    expect(row).toContain(`: ${TEE_INPUTS} — ${TEE_BREAKDOWN}`);
    expect(row).toContain(`1 × `);
    expect(row).toContain(BANNER_INPUTS);
  });

  it('puts the inputs and breakdown in the confirmation e-mail in the outbox', async () => {
    const mail = await database.db
      .selectFrom('email_outbox')
      .select(['text_body', 'html_body'])
      .where('to_address', '=', email)
      .where('template_name', '=', 'order-confirmation')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`    ${TEE_INPUTS}\n    Each: ${TEE_BREAKDOWN}`);
    expect(mail.text_body).toContain(BANNER_INPUTS);
    expect(mail.html_body).toContain(`${TEE_INPUTS}<br />Each: ${TEE_BREAKDOWN}`);
  });
});
