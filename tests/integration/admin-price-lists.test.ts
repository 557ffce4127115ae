import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import priceListsFn from '../../netlify/functions/admin-price-lists.mts';
import type { AdminPriceList, AdminPriceListSummary } from '../../src/lib/admin-schemas/price-lists.ts';
import { starterList } from '../../src/lib/pricing/list-starters.ts';
import { priceListDataSchema } from '../../src/lib/pricing/list-schema.ts';
import type { ScreenPrintList } from '../../src/lib/pricing/lists.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { adminProductSaves, type ErrorBody } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/** The owner's price lists in the admin (docs/decisions/0027-price-lists.md): stored, versioned, guarded. */
const { authorization } = adminProductSaves();

const send = (method: string, id: string | null, body?: unknown) =>
  callFunction(priceListsFn, `/api/admin/price-lists${id ? `/${id}` : ''}`, {
    method,
    params: id ? { id } : {},
    headers: { authorization, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const errorOf = async (res: Response) => ((await res.json()) as ErrorBody & { error: { message: string } }).error;

describe.each(DATABASE_KINDS)('price lists in the admin on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('seeds valid lists of every kind the shop sells, each with its first version kept', async () => {
    const rows = await database.db
      .selectFrom('price_lists')
      .select(['id', 'name', 'method', 'version', 'data'])
      .execute();
    expect(rows.map((r) => r.method).sort()).toEqual(
      ['area', 'area', 'area', 'dtg', 'embroidery', 'garment', 'screen_print', 'turnaround'].sort(),
    );
    for (const row of rows) expect(priceListDataSchema.safeParse(row.data).success, row.name).toBe(true);
    const versions = await database.db.selectFrom('price_list_versions').select(['price_list_id', 'version']).execute();
    expect(versions).toHaveLength(rows.length);
    const listed = (await (await send('GET', null)).json()) as AdminPriceListSummary[];
    // The demo prices one garment by it (issue 44, item 15), on both its print locations.
    expect(listed.find((l) => l.name === 'Screen print contract chart')).toMatchObject({
      method: 'screen_print',
      version: 1,
      used_by_count: 1,
      used_by: [
        { product_name: 'Big Sky Crewneck Sweatshirt', as: 'Front print' },
        { product_name: 'Big Sky Crewneck Sweatshirt', as: 'Back print' },
      ],
    });
  });

  it('creates a list, saves new versions and keeps every version it had', async () => {
    const created = await send('POST', null, { name: 'Tees, spring contract', data: starterList('screen_print') });
    expect(created.status).toBe(201);
    const list = (await created.json()) as AdminPriceList;
    expect(list).toMatchObject({ name: 'Tees, spring contract', method: 'screen_print', version: 1, warnings: [] });

    const data = structuredClone(list.data) as ScreenPrintList;
    data.grid.cells[2]![1] = 295;
    data.grid.cells[3]![1] = 300; // above the band before it: saved, with a warning
    const saved = await send('PUT', list.id, { version: 1, data });
    expect(saved.status).toBe(200);
    const second = (await saved.json()) as AdminPriceList;
    expect(second.version).toBe(2);
    expect((second.data as ScreenPrintList).grid.cells[2]![1]).toBe(295);
    expect(second.warnings.map((w) => w.path)).toEqual(['grid.cells.3.1']);

    const renamed = (await (
      await send('PUT', list.id, { version: 2, name: 'Tees, 2027 contract' })
    ).json()) as AdminPriceList;
    expect(renamed).toMatchObject({ version: 3, name: 'Tees, 2027 contract' });

    const versions = await database.db
      .selectFrom('price_list_versions')
      .select(['version', 'data'])
      .where('price_list_id', '=', list.id)
      .orderBy('version')
      .execute();
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3]);
    expect((versions[0]!.data as ScreenPrintList).grid.cells[2]![1]).toBe(280);
    expect((versions[1]!.data as ScreenPrintList).grid.cells[2]![1]).toBe(295);
  });

  it('refuses a save based on an old version with 409 and changes nothing', async () => {
    const list = (await (
      await send('POST', null, { name: 'Race list', data: starterList('turnaround') })
    ).json()) as AdminPriceList;
    expect((await send('PUT', list.id, { version: 1, name: 'Race list (Ann)' })).status).toBe(200);
    const before = await snapshot(database.db);
    const late = await send('PUT', list.id, { version: 1, name: 'Race list (Bob)' });
    expect(late.status).toBe(409);
    expect(await errorOf(late)).toMatchObject({
      code: 'version_conflict',
      message: 'Changed by someone else, reload.',
    });
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
    expect(((await (await send('GET', list.id)).json()) as AdminPriceList).name).toBe('Race list (Ann)');
  });

  it('refuses bad grids and bad fields with 400 naming the field, storing nothing', async () => {
    const list = (await (
      await send('POST', null, { name: 'Refusals', data: starterList('screen_print') })
    ).json()) as AdminPriceList;
    const before = await snapshot(database.db);
    const negative = starterList('screen_print') as ScreenPrintList;
    negative.grid.cells[1]![0] = -10;
    const descending = starterList('screen_print') as ScreenPrintList;
    descending.grid.rows[3] = 40;
    const cases: [string, string | null, unknown, string, string][] = [
      ['PUT', list.id, { version: 1, data: negative }, 'data.grid.cells.1.0', 'Prices cannot be negative.'],
      [
        'PUT',
        list.id,
        { version: 1, data: descending },
        'data.grid.rows.3',
        'Each band starts above the one before it.',
      ],
      [
        'PUT',
        list.id,
        { version: 1, data: starterList('embroidery') },
        'data.method',
        'A list keeps its method; make a new list for another method.',
      ],
      ['PUT', list.id, { data: starterList('screen_print') }, 'version', 'Say which version this edit started from.'],
      ['POST', null, { name: ' ', data: starterList('flat') }, 'name', 'Name is required.'],
      [
        'POST',
        null,
        { name: 'Refusals', data: starterList('flat') },
        'name',
        'Another price list already has that name.',
      ],
      ['POST', null, { name: 'Odd', data: { method: 'laser' } }, 'data.method', ''],
    ];
    for (const [method, id, body, field, message] of cases) {
      const res = await send(method, id, body);
      const error = await errorOf(res);
      expect(res.status, field).toBe(field === 'name' && message.startsWith('Another') ? 409 : 400);
      expect(Object.keys(error.fields ?? {}), field).toContain(field);
      if (message) expect(error.fields?.[field], field).toBe(message);
    }
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });

  it('says which products use a list, refuses to delete it while they do, and deletes it after', async () => {
    const list = (await (
      await send('POST', null, { name: 'Big sizes', data: starterList('garment') })
    ).json()) as AdminPriceList;
    const decoration = (await (
      await send('POST', null, { name: 'Hoodie fronts', data: starterList('dtg') })
    ).json()) as AdminPriceList;
    const hoodie = await database.db
      .selectFrom('products')
      .select(['id', 'name'])
      .where('slug', '=', 'game-day-hoodie')
      .executeTakeFirstOrThrow();
    await database.db.updateTable('products').set({ garment_list_id: list.id }).where('id', '=', hoodie.id).execute();
    await database.db
      .updateTable('product_print_locations')
      .set({ price_list_id: decoration.id })
      .where('product_id', '=', hoodie.id)
      .execute();

    const read = (await (await send('GET', list.id)).json()) as AdminPriceList;
    expect(read.used_by).toEqual([{ product_id: hoodie.id, product_name: hoodie.name, as: 'Size upcharges' }]);
    const listed = (await (await send('GET', null)).json()) as AdminPriceListSummary[];
    expect(listed.find((l) => l.id === decoration.id)).toMatchObject({ used_by_count: 1 });
    expect(listed.find((l) => l.id === decoration.id)!.used_by.map((u) => u.as)).toEqual(['Front print', 'Back print']);

    const before = await snapshot(database.db);
    const refused = await send('DELETE', list.id);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({
      code: 'in_use',
      message: `Used by 1 product: ${hoodie.name}. Choose another list for it first.`,
    });
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);

    await database.db.updateTable('products').set({ garment_list_id: null }).where('id', '=', hoodie.id).execute();
    const deleted = await send('DELETE', list.id);
    expect(deleted.status).toBe(200);
    expect((await send('GET', list.id)).status).toBe(404);
    expect(
      await database.db
        .selectFrom('price_list_versions')
        .select('version')
        .where('price_list_id', '=', list.id)
        .execute(),
    ).toEqual([]);
  });

  it('the database refuses a link to a list of the wrong kind', async () => {
    const screen = await database.db
      .selectFrom('price_lists')
      .select('id')
      .where('method', '=', 'screen_print')
      .executeTakeFirstOrThrow();
    const garment = await database.db
      .selectFrom('price_lists')
      .select('id')
      .where('method', '=', 'garment')
      .executeTakeFirstOrThrow();
    const tee = await database.db
      .selectFrom('products')
      .select('id')
      .where('slug', '=', 'west-texas-energy-tee')
      .executeTakeFirstOrThrow();
    await expect(
      database.db.updateTable('products').set({ garment_list_id: screen.id }).where('id', '=', tee.id).execute(),
    ).rejects.toThrow(/must be a garment list/);
    await expect(
      database.db
        .updateTable('product_print_locations')
        .set({ price_list_id: garment.id })
        .where('product_id', '=', tee.id)
        .execute(),
    ).rejects.toThrow(/needs a decoration price list/);
  });
});
