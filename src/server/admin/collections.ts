import { Conflict } from '../errors.ts';
import { type Kysely, sql } from 'kysely';
import {
  type AdminCollection,
  type CollectionCreate,
  type CollectionUpdate,
  collectionCreateSchema,
  collectionUpdateSchema,
} from '../../lib/admin-schemas/collections.ts';
import { MAX_SAVE_BODY_BYTES } from '../../lib/admin-schemas/images.ts';
import type { Database } from '../db/types.ts';
import { translateDbError } from './db-errors.ts';
import { prepareImages, storeImages } from './images.ts';
import type { CrudResource } from './route.ts';
import { cleanOptional, sanitizeDescription } from '../catalog/sanitize.ts';
import { isoDate, withoutUploadFields } from './values.ts';

const SLOTS = ['main', 'secondary', 'header'] as const;

const CONSTRAINTS = {
  collections_slug_key: {
    conflict: true,
    code: 'duplicate_slug',
    field: 'slug',
    message: 'Another collection already uses that slug.',
  },
  collections_dates_ordered: {
    conflict: false,
    code: 'invalid_input',
    field: 'end_date',
    message: 'End date must not be before the start date.',
  },
} as const;

function selectCollections(db: Kysely<Database>) {
  return db
    .selectFrom('collections as c')
    .select([
      'c.id',
      'c.name',
      'c.slug',
      'c.description',
      'c.image_main_url',
      'c.image_secondary_url',
      'c.image_header_url',
      'c.is_featured',
      'c.start_date',
      'c.end_date',
      'c.is_active',
      'c.html_description',
      'c.description_extended',
      'c.sort_order',
      'c.created_at',
      'c.updated_at',
      sql<number>`(select count(*) from products p where p.collection_id = c.id)::int`.as('product_count'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectCollections>['executeTakeFirstOrThrow']>>;

const toApi = (row: Row): AdminCollection => ({
  ...row,
  start_date: isoDate(row.start_date),
  end_date: isoDate(row.end_date),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** Every collection, active or not, in shop order. */
export async function listAdminCollections(db: Kysely<Database>): Promise<AdminCollection[]> {
  return (await selectCollections(db).orderBy('c.sort_order').orderBy('c.name').execute()).map(toApi);
}

export async function getAdminCollection(db: Kysely<Database>, id: string): Promise<AdminCollection | null> {
  const row = await selectCollections(db).where('c.id', '=', id).executeTakeFirst();
  return row ? toApi(row) : null;
}

/** Column values of a payload: HTML cleaned, upload fields swapped for the stored URLs. */
function columnsOf(input: CollectionCreate | CollectionUpdate, urls: Record<string, string>) {
  const { id: _id, ...fields } = input as CollectionUpdate;
  const values = withoutUploadFields(fields);
  return {
    ...values,
    ...(values.html_description !== undefined
      ? { html_description: cleanOptional(values.html_description, sanitizeDescription) }
      : {}),
    ...urls,
  };
}

export async function createAdminCollection(db: Kysely<Database>, input: CollectionCreate): Promise<AdminCollection> {
  const images = await storeImages(await prepareImages(input, SLOTS));
  try {
    const { id } = await db
      .insertInto('collections')
      .values({ is_active: true, ...columnsOf(input, images.urls), name: input.name, slug: input.slug })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await getAdminCollection(db, id))!;
  } catch (error) {
    await images.discard();
    return translateDbError(error, CONSTRAINTS);
  }
}

export async function updateAdminCollection(
  db: Kysely<Database>,
  id: string,
  input: CollectionUpdate,
): Promise<AdminCollection | null> {
  const prepared = await prepareImages(input, SLOTS);
  if (!(await db.selectFrom('collections').select('id').where('id', '=', id).executeTakeFirst())) return null;
  const images = await storeImages(prepared);
  const changes = columnsOf(input, images.urls);
  try {
    if (Object.keys(changes).length > 0) {
      await db.updateTable('collections').set(changes).where('id', '=', id).execute();
    }
  } catch (error) {
    await images.discard();
    return translateDbError(error, CONSTRAINTS);
  }
  return getAdminCollection(db, id);
}

/** Refused (409) while the collection holds products: their pages live under it. */
export async function deleteAdminCollection(db: Kysely<Database>, id: string): Promise<boolean> {
  const held = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('collection_id', '=', id)
    .executeTakeFirstOrThrow();
  const products = Number(held.n);
  if (products > 0) {
    throw new Conflict(
      'still_referenced',
      `This collection holds ${products} product${products === 1 ? '' : 's'}, so it cannot be deleted. Move or delete ${products === 1 ? 'it' : 'them'} first, or set the collection inactive.`,
    );
  }
  try {
    const deleted = await db.deleteFrom('collections').where('id', '=', id).executeTakeFirst();
    return deleted.numDeletedRows > 0n;
  } catch (error) {
    return translateDbError(error, {});
  }
}

export const collectionsResource: CrudResource<AdminCollection, CollectionCreate, CollectionUpdate> = {
  label: 'collection',
  rebuildEntity: 'collection',
  createSchema: collectionCreateSchema,
  updateSchema: collectionUpdateSchema,
  bodyLimit: MAX_SAVE_BODY_BYTES,
  list: (db) => listAdminCollections(db),
  get: getAdminCollection,
  create: createAdminCollection,
  update: updateAdminCollection,
  remove: deleteAdminCollection,
};
