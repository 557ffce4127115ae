import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import slipsFn from '../../netlify/functions/admin-store-packing-slips.mts';
import type { PackingSlips } from '../../src/lib/admin-schemas/packing-slips.ts';
import { orderNumber } from '../../src/lib/orders/order-number.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { closeStore } from '../../src/server/stores/store-close.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import type { VariantFixture } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { createStore, paidBuyerOrder, teeVariants } from '../support/store-orders.ts';

/**
 * Packing slips (docs/decisions/0030-team-stores.md): one per buyer's bag of a closed store delivered to its organiser,
 * with what the batch printed for them (sizes, names and numbers), nothing refunded.
 */
const { authorization } = adminProductSaves();

describe.each(DATABASE_KINDS)('packing slips on %s', (kind) => {
  let database: TestDatabase;
  let tees: VariantFixture[];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    tees = await teeVariants(database.db, 2);
  });
  afterAll(() => database.dispose());

  const get = (id: string) =>
    callFunction(slipsFn, `/api/admin/store-packing-slips/${id}`, {
      method: 'GET',
      params: { id },
      headers: { authorization },
    });

  it('gives each buyer a slip of what is in their bag, sorted by name, without refunded pieces', async () => {
    const [a, b] = tees;
    const store = await createStore(database.db, {
      minimum: 3,
      designs: [
        { name: 'Team Tee', priceCents: 2000 },
        { name: 'Parent Tee', priceCents: 2000 },
      ],
    });
    const [team, parent] = store.designs;
    const zoe = await paidBuyerOrder(
      database.db,
      store,
      [
        { design: team!, variant: a!, quantity: 2, personalisation: { name: 'ZOE', number: '9' } },
        { design: parent!, variant: a!, quantity: 1 },
      ],
      { name: 'Zoe Young' },
    );
    const amy = await paidBuyerOrder(database.db, store, [{ design: team!, variant: b!, quantity: 1 }], {
      name: 'Amy Adams',
    });
    await closeStore(database.db, store.id);
    const res = await get(store.id);
    expect(res.status).toBe(200);
    const slips = (await res.json()) as PackingSlips;
    expect(slips.store).toMatchObject({ name: store.name, organiser_name: 'Coach Carter' });
    expect(slips.slips).toEqual([
      {
        order: orderNumber(amy.id),
        buyer: 'Amy Adams',
        pieces: 1,
        lines: [{ design: 'Team Tee', color: b!.colorName, size: b!.sizeName, quantity: 1, name: null, number: null }],
      },
      {
        order: orderNumber(zoe.id),
        buyer: 'Zoe Young',
        pieces: 2,
        lines: [{ design: 'Team Tee', color: a!.colorName, size: a!.sizeName, quantity: 2, name: 'ZOE', number: '9' }],
      },
    ]);
  });

  it('answers 409 with the reason for a store that ships or has not closed, and 404 for none', async () => {
    const ships = await createStore(database.db, {
      delivery: 'ship',
      designs: [{ name: 'Ship Tee', priceCents: 2000 }],
    });
    await closeStore(database.db, ships.id);
    const shipping = await get(ships.id);
    expect(shipping.status).toBe(409);
    expect(await shipping.json()).toMatchObject({ error: { code: 'ships_to_buyers' } });
    const open = await createStore(database.db, { closesInMs: 3_600_000, designs: [{ name: 'Open', priceCents: 1 }] });
    expect(await (await get(open.id)).json()).toMatchObject({ error: { code: 'not_closed' } });
    expect((await get('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
