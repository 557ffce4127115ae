import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import productBySlug from '../../netlify/functions/product-by-slug.mts';
import type { AdminProduct } from '../../src/lib/admin-schemas/index.ts';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { adminProductSaves, type ErrorBody } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * The owner's print locations (docs/decisions/0015-print-ordering.md): saved with the product, read
 * back, shown to customers.
 */
const { put } = adminProductSaves();

describe.each(DATABASE_KINDS)('the owner sets print locations in the admin on %s', (kind) => {
  let database: TestDatabase;
  let mug: { id: string; slug: string };
  const shopView = async () =>
    (await (
      await callFunction(productBySlug, `/api/products/slug/${mug.slug}`, { params: { slug: mug.slug } })
    ).json()) as ProductDetail;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    mug = await database.db
      .selectFrom('products')
      .select(['id', 'slug'])
      .where('slug', '=', 'diner-ceramic-mug')
      .executeTakeFirstOrThrow();
  });
  afterAll(() => database.dispose());

  it('saves locations in the order given, with codes from their names, and the shop offers them', async () => {
    const saved = await put(mug.id, {
      print_locations: [
        // Widths in inches as the form sends them: a number, a typed string, or none.
        { name: 'Wrap-around', price_cents_per_piece: 450, setup_fee_cents: 3500, print_width_in: 8.5 },
        { name: 'Left side', price_cents_per_piece: 0, setup_fee_cents: 2000, print_width_in: '3.25' },
        { name: 'Handle', price_cents_per_piece: 0, setup_fee_cents: 0, print_width_in: null },
      ],
    });
    expect(saved.status).toBe(200);
    const product = (await saved.json()) as AdminProduct;
    expect(product.print_locations).toEqual([
      {
        code: 'wrap-around',
        name: 'Wrap-around',
        price_cents_per_piece: 450,
        setup_fee_cents: 3500,
        print_width_in: 8.5,
        price_list_id: null,
      },
      {
        code: 'left-side',
        name: 'Left side',
        price_cents_per_piece: 0,
        setup_fee_cents: 2000,
        print_width_in: 3.25,
        price_list_id: null,
      },
      {
        code: 'handle',
        name: 'Handle',
        price_cents_per_piece: 0,
        setup_fee_cents: 0,
        print_width_in: null,
        price_list_id: null,
      },
    ]);
    expect(
      (await shopView()).print_locations.map((l) => [
        l.code,
        l.price_cents_per_piece,
        l.setup_fee_cents,
        l.print_width_in,
      ]),
    ).toEqual([
      ['wrap-around', 450, 3500, 8.5],
      ['left-side', 0, 2000, 3.25],
      ['handle', 0, 0, null],
    ]);
  });

  it('keeps a location’s code when it is renamed or moved, keeps locations a save leaves out, and clears them', async () => {
    const renamed = await put(mug.id, {
      print_locations: [
        { code: 'left-side', name: 'Handle side', price_cents_per_piece: 100, setup_fee_cents: 2000 },
        { code: 'wrap-around', name: 'Full wrap', price_cents_per_piece: 450, setup_fee_cents: 3500 },
      ],
    });
    expect(((await renamed.json()) as AdminProduct).print_locations.map((l) => [l.code, l.name])).toEqual([
      ['left-side', 'Handle side'],
      ['wrap-around', 'Full wrap'],
    ]);
    expect((await put(mug.id, { name: 'Diner Ceramic Mug' })).status).toBe(200);
    expect((await shopView()).print_locations).toHaveLength(2);
    const cleared = (await (await put(mug.id, { print_locations: [] })).json()) as AdminProduct;
    expect(cleared.print_locations).toEqual([]);
    expect((await shopView()).print_locations).toEqual([]);
  });

  it('refuses duplicate, nameless, negative, malformed, wrongly wide and too many locations, changing nothing', async () => {
    await put(mug.id, { print_locations: [{ name: 'Front', price_cents_per_piece: 0, setup_fee_cents: 2500 }] });
    const before = await snapshot(database.db);
    const refusals: [unknown[], string, string][] = [
      [
        [
          { name: 'Front', price_cents_per_piece: 0, setup_fee_cents: 0 },
          { name: 'front', price_cents_per_piece: 0, setup_fee_cents: 0 },
        ],
        'print_locations.1.name',
        'Another location is already called "front".',
      ],
      [[{ name: '  ', price_cents_per_piece: 0, setup_fee_cents: 0 }], 'print_locations.0.name', 'Name the location.'],
      [
        [{ name: '★★★', price_cents_per_piece: 0, setup_fee_cents: 0 }],
        'print_locations.0.name',
        'Use letters or digits in the name.',
      ],
      [
        [{ name: 'Back', price_cents_per_piece: -1, setup_fee_cents: 0 }],
        'print_locations.0.price_cents_per_piece',
        '',
      ],
      [[{ name: 'Back', price_cents_per_piece: 0, setup_fee_cents: 1.5 }], 'print_locations.0.setup_fee_cents', ''],
      [
        [{ code: 'Back Side!', name: 'Back', price_cents_per_piece: 0, setup_fee_cents: 0 }],
        'print_locations.0.code',
        'Use lowercase letters, digits and single hyphens.',
      ],
      [
        [{ name: 'Back', price_cents_per_piece: 0, setup_fee_cents: 0, print_width_in: 0 }],
        'print_locations.0.print_width_in',
        'The width is more than 0 inches.',
      ],
      [
        [{ name: 'Back', price_cents_per_piece: 0, setup_fee_cents: 0, print_width_in: 1200.5 }],
        'print_locations.0.print_width_in',
        'Use at most 1200 inches (100 ft).',
      ],
      [
        [{ name: 'Back', price_cents_per_piece: 0, setup_fee_cents: 0, print_width_in: 'wide' }],
        'print_locations.0.print_width_in',
        'Enter the width in inches.',
      ],
      [
        [{ name: 'Back', price_cents_per_piece: 0, setup_fee_cents: 0, print_width_in: 3.125 }],
        'print_locations.0.print_width_in',
        'Use at most two decimals.',
      ],
      [
        Array.from({ length: 9 }, (_, i) => ({ name: `Spot ${i}`, price_cents_per_piece: 0, setup_fee_cents: 0 })),
        'print_locations',
        'Offer at most 8 print locations.',
      ],
    ];
    for (const [print_locations, field, message] of refusals) {
      const res = await put(mug.id, { print_locations });
      expect(res.status, field).toBe(400);
      const fields = ((await res.json()) as ErrorBody).error.fields ?? {};
      expect(Object.keys(fields), field).toContain(field);
      if (message) expect(fields[field]).toBe(message);
    }
    const unknown = await put(mug.id, {
      print_locations: [{ name: 'Back', price_cents_per_piece: 0, setup_fee_cents: 0, artwork: 'x' }],
    });
    expect(unknown.status).toBe(400);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
    expect((await shopView()).print_locations.map((l) => l.code)).toEqual(['front']);
  });
});
