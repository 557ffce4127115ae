import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../src/lib/admin-schemas/index.ts';
import type { PriceListMethod } from '../../src/lib/pricing/lists.ts';
import { getProductBySlug } from '../../src/server/catalog/products.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { adminProductSaves, type ErrorBody } from '../support/admin-product-saves.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/** docs/decisions/0027-price-lists.md: the owner links a product and its print locations to the shop's price lists. */
const { put } = adminProductSaves();

describe.each(DATABASE_KINDS)('the owner links products to price lists on %s', (kind) => {
  let database: TestDatabase;
  let banner: { id: string; slug: string };
  const lists = {} as Record<PriceListMethod, string>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    banner = await database.db
      .selectFrom('products')
      .select(['id', 'slug'])
      .where('product_type', '=', 'banner')
      .orderBy('sort_order')
      .executeTakeFirstOrThrow();
    // The demo seed's lists, one of each kind this test needs.
    for (const row of await database.db.selectFrom('price_lists').select(['id', 'method']).orderBy('name').execute()) {
      lists[row.method] ??= row.id;
    }
  });
  afterAll(() => database.dispose());

  it('saves the lists of a product and its locations with the sizes an area product takes, and reads them back', async () => {
    const res = await put(banner.id, {
      garment_list_id: null,
      area_list_id: lists.area,
      turnaround_list_id: lists.turnaround,
      area_min_width_in: 12,
      area_max_width_in: '120',
      area_min_height_in: 12,
      area_max_height_in: 60,
      print_locations: [
        { name: 'Face', price_cents_per_piece: 0, setup_fee_cents: 0, print_width_in: 96, price_list_id: null },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const saved = (await res.json()) as AdminProduct;
    expect(saved).toMatchObject({
      garment_list_id: null,
      area_list_id: lists.area,
      turnaround_list_id: lists.turnaround,
      area_min_width_in: 12,
      area_max_width_in: 120,
      area_min_height_in: 12,
      area_max_height_in: 60,
    });
    const tee = await put(banner.id, {
      print_locations: [
        { name: 'Face', price_cents_per_piece: 0, setup_fee_cents: 0, price_list_id: lists.screen_print },
      ],
    });
    expect(((await tee.json()) as AdminProduct).print_locations[0]?.price_list_id).toBe(lists.screen_print);
    // Unlinked again: its own prices.
    const own = await put(banner.id, {
      area_list_id: null,
      print_locations: [{ name: 'Face', price_cents_per_piece: 0, setup_fee_cents: 0 }],
    });
    expect(((await own.json()) as AdminProduct).print_locations[0]?.price_list_id).toBeNull();
  });

  it('refuses a list of the wrong kind, one that does not exist and an area list without sizes, changing nothing', async () => {
    const before = await snapshot(database.db);
    const missing = '00000000-0000-4000-8000-000000000000';
    const refusals: [Record<string, unknown>, string, RegExp][] = [
      [{ garment_list_id: lists.screen_print }, 'garment_list_id', /size upcharges \(garment\) list/],
      [{ turnaround_list_id: lists.area }, 'turnaround_list_id', /turnaround list/],
      [
        {
          area_list_id: lists.garment,
          area_min_width_in: 1,
          area_max_width_in: 2,
          area_min_height_in: 1,
          area_max_height_in: 2,
        },
        'area_list_id',
        /area\) list/,
      ],
      // A list deleted while the form was open.
      [{ garment_list_id: missing }, 'garment_list_id', /Choose a size upcharges \(garment\) list/],
      [{ garment_list_id: 'not-a-list' }, 'garment_list_id', /Choose a price list/],
      [
        {
          print_locations: [
            { name: 'Face', price_cents_per_piece: 0, setup_fee_cents: 0, price_list_id: lists.garment },
          ],
        },
        'print_locations',
        /screen print, embroidery/,
      ],
      [{ area_list_id: lists.area }, 'area_min_width_in', /smallest width/],
      [
        {
          area_list_id: lists.area,
          area_min_width_in: 48,
          area_max_width_in: 24,
          area_min_height_in: 12,
          area_max_height_in: 60,
        },
        'area_max_width_in',
        /largest width is at least the smallest/,
      ],
    ];
    for (const [change, field, message] of refusals) {
      const res = await put(banner.id, change);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(((await res.json()) as ErrorBody).error.fields?.[field], JSON.stringify(change)).toMatch(message);
    }
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });

  describe('one-tap sizes of an area product', () => {
    const sizes = {
      area_min_width_in: 12,
      area_max_width_in: 120,
      area_min_height_in: 12,
      area_max_height_in: 60,
    };
    const presets = [
      { label: '3 × 6 ft', width_in: 72, height_in: 36 },
      { label: ' 2 × 4 ft ', width_in: '48', height_in: 24 },
    ];

    it('saves them with the product in inches and reads them back, for the admin and the shop', async () => {
      const res = await put(banner.id, { area_list_id: lists.area, ...sizes, area_presets: presets });
      expect(res.status, await res.clone().text()).toBe(200);
      const expected = [
        { label: '3 × 6 ft', width_in: 72, height_in: 36 },
        { label: '2 × 4 ft', width_in: 48, height_in: 24 },
      ];
      expect(((await res.json()) as AdminProduct).area_presets).toEqual(expected);
      const shop = await getProductBySlug(database.db, banner.slug);
      expect(shop?.area_bounds?.presets).toEqual(expected);
      // Removed: none left.
      const cleared = await put(banner.id, { area_presets: [] });
      expect(((await cleared.json()) as AdminProduct).area_presets).toEqual([]);
    });

    it('refuses a size outside the product’s sizes, not positive or unnamed, by field, storing nothing', async () => {
      await put(banner.id, { area_list_id: lists.area, ...sizes, area_presets: presets });
      const before = await snapshot(database.db);
      const one = (preset: Record<string, unknown>) => [{ label: '3 × 6 ft', width_in: 72, height_in: 36, ...preset }];
      const refusals: [Record<string, unknown>, string, RegExp][] = [
        [
          { ...sizes, area_presets: one({ width_in: 6 }) },
          'area_presets.0.width_in',
          /at least the smallest width \(12 in\)/,
        ],
        [
          { ...sizes, area_presets: one({ height_in: 72 }) },
          'area_presets.0.height_in',
          /at most the largest height \(60 in\)/,
        ],
        [{ ...sizes, area_presets: one({ width_in: 0 }) }, 'area_presets.0.width_in', /more than 0/],
        [{ ...sizes, area_presets: one({ height_in: '' }) }, 'area_presets.0.height_in', /Enter the height/],
        [{ ...sizes, area_presets: one({ label: '  ' }) }, 'area_presets.0.label', /Name the size/],
        // Sent alone: checked against the stored sizes.
        [{ area_presets: one({ width_in: 121 }) }, 'area_presets.0.width_in', /at most the largest width \(120 in\)/],
        // New sizes that leave a stored preset outside.
        [{ area_max_height_in: 30 }, 'area_presets', /no longer fits.*at most the largest height \(30 in\)/],
      ];
      for (const [change, field, message] of refusals) {
        const res = await put(banner.id, change);
        expect(res.status, JSON.stringify(change)).toBe(400);
        expect(((await res.json()) as ErrorBody).error.fields?.[field], JSON.stringify(change)).toMatch(message);
      }
      expect(changedTables(before, await snapshot(database.db))).toEqual([]);
    });
  });
});
