import type { Kysely } from 'kysely';
import { jsonb } from '../../src/server/db/json.ts';
import type { Database } from '../../src/server/db/types.ts';

const HOUR = 3_600_000;

export interface StoreFixture {
  storeId: string;
  slug: string;
  designId: string;
  /** Offered: White and Heather Gray; M and L. */
  colorId: string;
  sizeId: string;
  /** A colour and a size of the product the store does not offer. */
  otherColorId: string;
  otherSizeId: string;
}

export interface StoreOptions {
  status?: 'draft' | 'proof_sent' | 'approved' | 'closed';
  opensAt?: Date;
  closesAt?: Date;
  passwordHash?: string | null;
  delivery?: 'ship' | 'organiser';
  visibility?: 'public' | 'private';
}

const idsOf = async (db: Kysely<Database>, table: 'colors' | 'sizes', names: string[]) =>
  (await db.selectFrom(table).select(['id', 'name']).where('name', 'in', names).execute()).sort(
    (a, b) => names.indexOf(a.name) - names.indexOf(b.name),
  );

/**
 * A store made by direct inserts (the owner's admin screen is another part of docs/decisions/0030-team-stores.md): one
 * design on the seeded City Champ Tourney Tee, $22.00 a piece, $4.00 of it raised, a name ($5.00,
 * up to 12 characters) and a number ($3.00, up to 2 digits), printed on the front. Open now by
 * default; the options set its status, dates, password and delivery.
 */
export async function createStore(db: Kysely<Database>, options: StoreOptions = {}): Promise<StoreFixture> {
  const now = Date.now();
  const status = options.status ?? 'approved';
  const slug = `test-store-${crypto.randomUUID().slice(0, 8)}`;
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('slug', '=', 'city-champ-tourney-tee')
    .executeTakeFirstOrThrow();
  const [white, gray, sand] = await idsOf(db, 'colors', ['White', 'Heather Gray', 'Sand']);
  const [m, l, xs] = await idsOf(db, 'sizes', ['M', 'L', 'XS']);
  const closesAt = options.closesAt ?? new Date(now + 48 * HOUR);
  const store = await db
    .insertInto('stores')
    .values({
      slug,
      name: `Eagles Golf ${slug.slice(-4)}`,
      organiser_name: 'Coach Rivera',
      organiser_email: 'coach@example.com',
      visibility: options.visibility ?? 'public',
      password_hash: options.passwordHash ?? null,
      opens_at: options.opensAt ?? new Date(now - HOUR),
      closes_at: closesAt,
      minimum_per_design: 24,
      delivery: options.delivery ?? 'organiser',
      status,
      approved_at: status === 'approved' || status === 'closed' ? new Date(now - 2 * HOUR) : null,
      closed_at: status === 'closed' ? closesAt : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const design = await db
    .insertInto('store_designs')
    .values({
      store_id: store.id,
      product_id: product.id,
      name: 'Eagles Tee',
      price_cents: 2200,
      fundraising_cents: 400,
      color_ids: jsonb([white!.id, gray!.id]),
      size_ids: jsonb([m!.id, l!.id]),
      personalise_name: jsonb({ price_cents: 500, max_length: 12 }),
      personalise_number: jsonb({ price_cents: 300, max_digits: 2 }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('store_design_locations')
    .values({ design_id: design.id, code: 'front', name: 'Front' })
    .execute();
  return {
    storeId: store.id,
    slug,
    designId: design.id,
    colorId: white!.id,
    sizeId: l!.id,
    otherColorId: sand!.id,
    otherSizeId: xs!.id,
  };
}

/** A buyer's valid checkout body for the fixture's store: one L white tee with a name and number. */
export function storeCheckoutBody(store: StoreFixture, line: Record<string, unknown> = {}) {
  return {
    lines: [
      {
        designId: store.designId,
        colorId: store.colorId,
        sizeId: store.sizeId,
        quantity: 2,
        name: 'Rivera',
        number: '7',
        ...line,
      },
    ],
    buyerName: 'Ana Rivera',
    email: 'ana.rivera@example.com',
  };
}
