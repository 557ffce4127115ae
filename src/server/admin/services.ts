import type { Kysely } from 'kysely';
import { MAX_SAVE_BODY_BYTES } from '../../lib/admin-schemas/images.ts';
import {
  type AdminService,
  type ServiceCreate,
  type ServiceUpdate,
  serviceCreateSchema,
  serviceUpdateSchema,
} from '../../lib/admin-schemas/services.ts';
import { jsonb } from '../db/json.ts';
import type { Database } from '../db/types.ts';
import { translateDbError } from './db-errors.ts';
import { prepareImages, storeImages } from './images.ts';
import type { CrudResource } from './route.ts';
import { cleanOptional, sanitizeDescription } from '../catalog/sanitize.ts';
import { withoutUploadFields } from './values.ts';

const SLOTS = ['main', 'secondary'] as const;

const CONSTRAINTS = {
  services_slug_key: {
    conflict: true,
    code: 'duplicate_slug',
    field: 'slug',
    message: 'Another service already uses that slug.',
  },
} as const;

const COLUMNS = [
  'id',
  'name',
  'slug',
  'tagline',
  'category',
  'short_description',
  'base_price_cents',
  'duration_minutes',
  'description',
  'description_html',
  'metadata',
  'image_main_url',
  'image_secondary_url',
  'is_active',
  'sort_order',
  'created_at',
  'updated_at',
] as const;

function select(db: Kysely<Database>) {
  return db.selectFrom('services').select(COLUMNS);
}
type Row = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

const toApi = ({ category, ...row }: Row): AdminService => ({
  ...row,
  category_id: category,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export async function listAdminServices(db: Kysely<Database>): Promise<AdminService[]> {
  return (await select(db).orderBy('sort_order').orderBy('name').execute()).map(toApi);
}

export async function getAdminService(db: Kysely<Database>, id: string): Promise<AdminService | null> {
  const row = await select(db).where('id', '=', id).executeTakeFirst();
  return row ? toApi(row) : null;
}

/** Column values: category_id is the category column, metadata goes in as jsonb, HTML is cleaned. */
function columnsOf(input: ServiceCreate | ServiceUpdate, urls: Record<string, string>) {
  const { id: _id, category_id, metadata, description_html, ...rest } = withoutUploadFields(input as ServiceUpdate);
  return {
    ...rest,
    ...(category_id !== undefined ? { category: category_id } : {}),
    ...(metadata !== undefined ? { metadata: jsonb(metadata) } : {}),
    ...(description_html !== undefined
      ? { description_html: cleanOptional(description_html, sanitizeDescription) }
      : {}),
    ...urls,
  };
}

export async function createAdminService(db: Kysely<Database>, input: ServiceCreate): Promise<AdminService> {
  const images = await storeImages(await prepareImages(input, SLOTS));
  try {
    const { id } = await db
      .insertInto('services')
      .values({
        is_active: true,
        ...columnsOf(input, images.urls),
        name: input.name,
        slug: input.slug,
        category: input.category_id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await getAdminService(db, id))!;
  } catch (error) {
    await images.discard();
    return translateDbError(error, CONSTRAINTS);
  }
}

export async function updateAdminService(
  db: Kysely<Database>,
  id: string,
  input: ServiceUpdate,
): Promise<AdminService | null> {
  const prepared = await prepareImages(input, SLOTS);
  if (!(await db.selectFrom('services').select('id').where('id', '=', id).executeTakeFirst())) return null;
  const images = await storeImages(prepared);
  const changes = columnsOf(input, images.urls);
  try {
    if (Object.keys(changes).length > 0) await db.updateTable('services').set(changes).where('id', '=', id).execute();
  } catch (error) {
    await images.discard();
    return translateDbError(error, CONSTRAINTS);
  }
  return getAdminService(db, id);
}

/** Deleting a service also deletes its testimonials (the schema cascades); orders never name services. */
export async function deleteAdminService(db: Kysely<Database>, id: string): Promise<boolean> {
  const deleted = await db.deleteFrom('services').where('id', '=', id).executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

export const servicesResource: CrudResource<AdminService, ServiceCreate, ServiceUpdate> = {
  label: 'service',
  rebuildEntity: 'service',
  createSchema: serviceCreateSchema,
  updateSchema: serviceUpdateSchema,
  bodyLimit: MAX_SAVE_BODY_BYTES,
  list: (db) => listAdminServices(db),
  get: getAdminService,
  create: createAdminService,
  update: updateAdminService,
  remove: deleteAdminService,
};
