import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonb } from '../../src/server/db/json.ts';
import type { Database } from '../../src/server/db/types.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { storeDesigns } from '../../src/server/stores/store-designs.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { createStore } from '../support/store-fixtures.ts';

/**
 * The pictures a store's page carries per colour sold (issue 41, item 11): the page shows the
 * picture of the colour a buyer picks, so every colour carries the picture the shop shows for it
 * (its own, else the product's, as the cart and the receipt show that colour), and the design's
 * first picture is of a colour the store sells.
 */
const WHITE = '/images/test/tee-white.jpg';
const GRAY = '/images/test/tee-heather-gray.jpg';

describe.each(DATABASE_KINDS)('store design pictures on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  /** Sets (or clears) the tee's own picture in a colour. */
  const picture = async (db: Kysely<Database>, colorId: string, url: string | null) => {
    const { id } = await db
      .selectFrom('products')
      .select('id')
      .where('slug', '=', 'city-champ-tourney-tee')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('product_colors')
      .values({ product_id: id, color_id: colorId, image_url: url })
      .onConflict((oc) => oc.columns(['product_id', 'color_id']).doUpdateSet({ image_url: url }))
      .execute();
  };
  const colourIds = async (designId: string) =>
    (
      await database.db
        .selectFrom('store_designs')
        .select('color_ids')
        .where('id', '=', designId)
        .executeTakeFirstOrThrow()
    ).color_ids as string[];
  const mainPicture = async () =>
    (
      await database.db
        .selectFrom('products')
        .select('image_main_url')
        .where('slug', '=', 'city-champ-tourney-tee')
        .executeTakeFirstOrThrow()
    ).image_main_url;
  const designOf = async (storeId: string) => (await storeDesigns(database.db, storeId))[0]!;

  it('carries each colour’s own picture when the store sells several', async () => {
    const store = await createStore(database.db);
    const [white, gray] = await colourIds(store.designId);
    await picture(database.db, white!, WHITE);
    await picture(database.db, gray!, GRAY);
    const design = await designOf(store.storeId);
    expect(design.colors.map((c) => [c.id, c.imageUrl])).toEqual([
      [white, WHITE],
      [gray, GRAY],
    ]);
    expect(design.imageUrl).toBe(WHITE);
  });

  it('gives a colour without a picture of its own the product’s, as the cart and receipt show it', async () => {
    const store = await createStore(database.db);
    const [white, gray] = await colourIds(store.designId);
    await picture(database.db, white!, WHITE);
    await picture(database.db, gray!, null);
    const main = await mainPicture();
    expect(main).toBeTruthy();
    const design = await designOf(store.storeId);
    expect(design.colors.map((c) => [c.id, c.imageUrl])).toEqual([
      [white, WHITE],
      [gray, main],
    ]);
  });

  it('shows the one colour a store sells in that colour’s picture, not another colour’s', async () => {
    const store = await createStore(database.db);
    const [white, gray] = await colourIds(store.designId);
    await picture(database.db, white!, WHITE);
    await picture(database.db, gray!, GRAY);
    await database.db
      .updateTable('store_designs')
      .set({ color_ids: jsonb([gray]) })
      .where('id', '=', store.designId)
      .execute();
    const design = await designOf(store.storeId);
    expect(design.imageUrl).toBe(GRAY);
    expect(design.colors.map((c) => [c.id, c.imageUrl])).toEqual([[gray, GRAY]]);
  });
});
