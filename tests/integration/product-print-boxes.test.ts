import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import printBoxes from '../../netlify/functions/admin-product-print-boxes.mts';
import type { AdminPrintBox } from '../../src/lib/admin-schemas/print-boxes.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { adminProductSaves, type ErrorBody } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * Issue 49, item 2: the owner marks each location's print box on each colour's picture; the box is
 * kept with the product, in that picture's pixels, with its real width in inches.
 */
const { authorization, put } = adminProductSaves();
const SLUG = 'west-texas-energy-tee';
const TURQUOISE = '/images/products/west-texas-energy-tee--turquoise.webp';

describe.each(DATABASE_KINDS)('print boxes on colour pictures on %s', (kind) => {
  let database: TestDatabase;
  let tee: string;
  let turquoise: string;
  let orange: string;

  const call = (method: 'GET' | 'PUT', id: string, body?: unknown) =>
    callFunction(printBoxes, `/api/products/${id}/print-boxes`, {
      method,
      params: { id },
      headers: { authorization, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const front = (over: Partial<AdminPrintBox> = {}) => ({
    color_id: turquoise,
    location_code: 'front',
    image_url: TURQUOISE,
    picture_width: 1200,
    picture_height: 1200,
    x: 360,
    y: 300,
    width: 480,
    height: 600,
    width_in: 12,
    ...over,
  });
  const refusal = async (body: unknown) => {
    const before = await snapshot(database.db);
    const res = await call('PUT', tee, body);
    expect(res.status).toBe(400);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
    return ((await res.json()) as ErrorBody).error.fields ?? {};
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    tee = (await database.db.selectFrom('products').select('id').where('slug', '=', SLUG).executeTakeFirstOrThrow()).id;
    const colour = async (name: string) =>
      (await database.db.selectFrom('colors').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    turquoise = await colour('Turquoise');
    orange = await colour('Burnt Orange');
  });
  afterAll(() => database.dispose());

  it('keeps a box per colour and location, and answers it to the admin', async () => {
    const back = front({ location_code: 'back', y: 200, height: 700 });
    const res = await call('PUT', tee, { boxes: [front(), back] });
    expect(res.status, await res.clone().text()).toBe(200);
    const { boxes } = (await res.json()) as { boxes: AdminPrintBox[] };
    expect(boxes).toEqual([back, front()]);
    expect(((await (await call('GET', tee)).json()) as { boxes: AdminPrintBox[] }).boxes).toEqual([back, front()]);
  });

  it('refuses a box outside its picture, naming the box, and stores nothing', async () => {
    const fields = await refusal({ boxes: [front({ x: 900 })] });
    expect(fields['boxes.0.width']).toBe('The print box must lie inside the picture.');
    expect((await refusal({ boxes: [front({ y: -5 })] }))['boxes.0.y']).toBe('The top edge is 0 or more.');
    expect(await refusal({ boxes: [front({ width_in: 0 })] })).toHaveProperty(['boxes.0.width_in']);
  });

  it('refuses a colour without that picture, a colour not offered and a location not offered', async () => {
    const fields = await refusal({
      boxes: [
        front({ color_id: orange }),
        front({ color_id: '00000000-0000-4000-8000-000000000000' }),
        front({ location_code: 'left-sleeve' }),
      ],
    });
    expect(fields['boxes.0.image_url']).toMatch(/picture has changed/);
    expect(fields['boxes.1.color_id']).toMatch(/product’s colours/);
    expect(fields['boxes.2.location_code']).toMatch(/print locations/);
    expect(await refusal({ boxes: [front(), front({ x: 10 })] })).toHaveProperty(['boxes.1.location_code']);
  });

  it('drops a box when its colour’s picture is replaced, until the owner marks the new one', async () => {
    const saved = await put(tee, {
      color_images: [
        { color_id: turquoise, image_url: '/images/products/west-texas-energy-tee.webp' },
        { color_id: orange, image_url: '/images/products/west-texas-energy-tee--burnt-orange.webp' },
      ],
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(((await (await call('GET', tee)).json()) as { boxes: AdminPrintBox[] }).boxes).toEqual([]);
  });

  it('answers 404 for a product that does not exist', async () => {
    const res = await call('GET', '00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
  });
});
