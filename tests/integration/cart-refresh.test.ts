import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cartRefresh from '../../netlify/functions/cart-refresh.mts';
import type { CartRefreshAnswer } from '../../src/lib/cart/cart-schema.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import {
  postJson,
  productBySlug,
  setVariantStock,
  shopState,
  type VariantFixture,
  variantOf,
} from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const refresh = (body: unknown) => postJson(cartRefresh, '/api/cart/refresh', body);
const ref = (v: VariantFixture, extra: Record<string, unknown> = {}) => ({
  productId: v.productId,
  colorId: v.colorId,
  sizeId: v.sizeId,
  ...extra,
});

describe.each(DATABASE_KINDS)('POST /api/cart/refresh on %s', (kind) => {
  let database: TestDatabase;
  let hoodie: VariantFixture;
  let tee: VariantFixture;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie');
    tee = await variantOf(database.db, 'west-texas-energy-tee', 3);
  });
  afterAll(() => database.dispose());

  it('answers each line’s current price and stock in one call, in the order sent', async () => {
    await setVariantStock(database.db, hoodie.variantId, 7);
    await setVariantStock(database.db, tee.variantId, 0);
    await database.db.updateTable('products').set({ price_cents: 4200 }).where('id', '=', hoodie.productId).execute();

    const res = await refresh({ items: [ref(hoodie), ref(tee)] });
    expect(res.status).toBe(200);
    expect(((await res.json()) as CartRefreshAnswer).lines).toEqual([
      { ...ref(hoodie), purchasable: true, price_cents: 4200, available: 7, message: null },
      { ...ref(tee), purchasable: true, price_cents: tee.priceCents, available: 0, message: null },
    ]);
  });

  it('reads stock kept on the product, and no limit for a made-to-order product', async () => {
    const pack = await productBySlug(database.db, 'city-champ-sticker-pack');
    const { rows } = await sql<{ id: string; price_cents: number }>`
      select p.id, p.price_cents from products p
      where p.is_active and p.stock_qty is null
        and not exists (select 1 from product_variants v where v.product_id = p.id)
      limit 1`.execute(database.db);
    const madeToOrder = rows[0]!;
    const answer = (await (
      await refresh({ items: [{ productId: pack.id }, { productId: madeToOrder.id }] })
    ).json()) as CartRefreshAnswer;
    expect(answer.lines.map((l) => [l.price_cents, l.available])).toEqual([
      [pack.price_cents, pack.stock_qty],
      [madeToOrder.price_cents, null],
    ]);
  });

  it('marks lines that checkout would refuse as not purchasable, naming the item', async () => {
    const inactive = await productBySlug(database.db, 'ugly-sweater-tee-2025');
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const answer = (await (
      await refresh({
        items: [
          { productId: inactive.id },
          { productId: unknownId },
          ref(hoodie, { sizeId: unknownId }),
          ref(hoodie, { sizeId: null }),
          ref(hoodie),
        ],
      })
    ).json()) as CartRefreshAnswer;
    expect(answer.lines.map((l) => [l.purchasable, l.price_cents, l.available])).toEqual([
      [false, null, 0],
      [false, null, 0],
      [false, null, 0],
      [false, null, 0],
      [true, 4200, 7],
    ]);
    expect(answer.lines[0]!.message).toBe(`${inactive.name} is no longer available.`);
    expect(answer.lines[2]!.message).toMatch(/size is not available/);
    expect(answer.lines[3]!.message).toMatch(/^Choose a size for /);
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const before = await shopState(database.db);
    const cases: [unknown, number, string][] = [
      [{ items: [] }, 400, 'invalid_input'],
      [{ items: [{ productId: 'nope' }] }, 400, 'invalid_input'],
      [{ items: [{ ...ref(hoodie), price_cents: 1 }] }, 400, 'invalid_input'],
      [{ items: Array.from({ length: 101 }, () => ref(hoodie)) }, 400, 'invalid_input'],
    ];
    for (const [body, status, code] of cases) {
      const res = await refresh(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(((await res.json()) as ErrorBody).error.code).toBe(code);
    }
    const wrongType = await postJson(cartRefresh, '/api/cart/refresh', {}, { 'content-type': 'text/plain' });
    expect(wrongType.status).toBe(415);
    expect(await shopState(database.db)).toEqual(before);
  });
});
