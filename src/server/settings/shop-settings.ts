import { type Kysely, type Selectable, sql } from 'kysely';
import type { AdminShopSettings, ShopSettingsInput } from '../../lib/admin-schemas/shop-settings.ts';
import { DEFAULT_SHOP_DETAILS, type ShopDetails } from '../../lib/site/site.ts';
import { jsonb } from '../db/json.ts';
import type { Database, ShopSettingsTable } from '../db/types.ts';

type Row = Selectable<ShopSettingsTable>;

const detailsOf = (row: Row): ShopDetails => ({
  name: row.name,
  tagline: row.tagline,
  email: row.email,
  phone: row.phone,
  hours: row.hours,
  address: {
    streetAddress: row.street_address,
    addressLocality: row.address_locality,
    addressRegion: row.address_region,
    postalCode: row.postal_code,
    addressCountry: row.address_country,
  },
  social: row.social,
  logoUrl: row.logo_url,
});

const formOf = (d: ShopDetails): ShopSettingsInput => ({
  name: d.name,
  tagline: d.tagline,
  email: d.email,
  phone: d.phone,
  hours: d.hours,
  street_address: d.address.streetAddress,
  address_locality: d.address.addressLocality,
  address_region: d.address.addressRegion,
  postal_code: d.address.postalCode,
  address_country: d.address.addressCountry,
  social: d.social,
  logo_url: d.logoUrl,
});

const readRow = (db: Kysely<Database>) =>
  db.selectFrom('shop_settings').selectAll().where('id', '=', true).executeTakeFirst();

/**
 * The shop's details as pages and e-mails show them (issue 44): the stored row, or the
 * migration's seed (DEFAULT_SHOP_DETAILS) when a database was restored without it.
 */
export async function readShopDetails(db: Kysely<Database>): Promise<ShopDetails> {
  const row = await readRow(db);
  return row ? detailsOf(row) : DEFAULT_SHOP_DETAILS;
}

/** The details as the admin form holds them. */
export async function adminShopSettings(db: Kysely<Database>): Promise<AdminShopSettings> {
  const row = await readRow(db);
  return {
    ...formOf(row ? detailsOf(row) : DEFAULT_SHOP_DETAILS),
    updated_at: (row?.updated_at ?? new Date(0)).toISOString(),
  };
}

/** Stores what the owner sent (already validated) and answers what is stored. */
export async function saveShopSettings(db: Kysely<Database>, input: ShopSettingsInput): Promise<AdminShopSettings> {
  const values = { ...input, social: jsonb(input.social) };
  await db
    .insertInto('shop_settings')
    .values({ id: true, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .execute();
  return adminShopSettings(db);
}
