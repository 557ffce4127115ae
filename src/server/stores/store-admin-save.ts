import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type AdminStore,
  STORE_MAX_OPEN_DAYS,
  type StoreCreate,
  type StoreUpdate,
} from '../../lib/admin-schemas/stores.ts';
import { instantToShopLocal, shopLocalToInstant } from '../../lib/site/shop-time.ts';
import { storeState } from '../../lib/stores/store-state.ts';
import { slugFromName } from '../../lib/catalog/slug.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { jsonb } from '../db/json.ts';
import { atomically } from '../db/transaction.ts';
import type { Database } from '../db/types.ts';
import { Conflict, Invalid } from '../errors.ts';
import { translateDbError } from '../admin/db-errors.ts';
import { type CheckedDesign, checkDesigns } from './store-admin-designs.ts';
import { getStore } from './store-admin-read.ts';

const DAY_MS = 86_400_000;

/** The open and close as instants, or 400 at the field that is wrong, with the reason. */
export function storeDates(opensLocal: string, closesLocal: string, now = new Date()) {
  const fields: Record<string, string> = {};
  const opens = shopLocalToInstant(opensLocal);
  const closes = shopLocalToInstant(closesLocal);
  if (!opens) fields['opens_at'] = 'That date does not exist: type the date and time the store opens.';
  if (!closes) fields['closes_at'] = 'That date does not exist: type the date and time the store closes.';
  if (opens && closes) {
    const days = (closes.getTime() - opens.getTime()) / DAY_MS;
    if (closes <= opens) fields['closes_at'] = 'The store closes after it opens: pick a later close.';
    else if (closes <= now) fields['closes_at'] = 'That close has passed: pick a close in the future.';
    else if (days > STORE_MAX_OPEN_DAYS) {
      fields['closes_at'] =
        `A store is open ${STORE_MAX_OPEN_DAYS} days at most (this one would be open ${Math.ceil(days)} days), so buyers are not kept waiting for their print run: pick an earlier close.`;
    }
  }
  if (Object.keys(fields).length > 0)
    throw new Invalid('invalid_dates', 'The store’s dates need a change.', { fields });
  return { opens: opens!, closes: closes! };
}

function deliveryDays(min: number, max: number) {
  if (max < min) {
    const message = 'The latest delivery is on or after the earliest.';
    throw new Invalid('invalid_input', message, { fields: { delivery_days_max: message } });
  }
}

/** A free slug from the name; a private store's carries a random tail, so its link cannot be guessed. */
async function freeSlug(db: Kysely<Database>, name: string, visibility: 'public' | 'private', except?: string) {
  const base = slugFromName(name, 100) || 'store';
  if (visibility === 'private') return `${base}-${randomBytes(6).toString('hex')}`;
  let query = db.selectFrom('stores').select('slug').where('slug', 'like', `${base}%`);
  if (except) query = query.where('id', '<>', except);
  const taken = new Set((await query.execute()).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function writeDesigns(trx: Kysely<Database>, storeId: string, designs: CheckedDesign[]) {
  await trx.deleteFrom('store_designs').where('store_id', '=', storeId).execute();
  for (const [position, { input: d, locations }] of designs.entries()) {
    const row = await trx
      .insertInto('store_designs')
      .values({
        store_id: storeId,
        product_id: d.product_id,
        position,
        name: d.name,
        price_cents: d.price_cents,
        fundraising_cents: d.fundraising_cents ?? null,
        fundraising_bp: d.fundraising_bp ?? null,
        color_ids: jsonb(d.color_ids),
        size_ids: jsonb(d.size_ids),
        personalise_name: d.personalise_name ? jsonb(d.personalise_name) : null,
        personalise_number: d.personalise_number ? jsonb(d.personalise_number) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (locations.length === 0) continue;
    await trx
      .insertInto('store_design_locations')
      .values(locations.map((l, i) => ({ design_id: row.id, position: i, ...l })))
      .execute();
  }
}

const CONSTRAINTS = {
  stores_slug_key: {
    conflict: true,
    code: 'slug_taken',
    message: 'Another store took that address just now: save again.',
  },
} as const;

export async function createStore(db: Kysely<Database>, input: StoreCreate): Promise<AdminStore> {
  const { opens, closes } = storeDates(input.opens_at, input.closes_at);
  deliveryDays(input.delivery_days_min ?? 7, input.delivery_days_max ?? 21);
  const designs = await checkDesigns(db, null, input.designs);
  const visibility = input.visibility ?? 'private';
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    const id = await atomically(db, async (trx) => {
      const row = await trx
        .insertInto('stores')
        .values({
          slug: await freeSlug(trx, input.name, visibility),
          name: input.name,
          organiser_name: input.organiser_name,
          organiser_email: input.organiser_email,
          visibility,
          password_hash: passwordHash,
          opens_at: opens,
          closes_at: closes,
          ...(input.minimum_per_design !== undefined ? { minimum_per_design: input.minimum_per_design } : {}),
          ...(input.missed_minimum ? { missed_minimum: input.missed_minimum } : {}),
          ...(input.delivery ? { delivery: input.delivery } : {}),
          ...(input.delivery_days_min !== undefined ? { delivery_days_min: input.delivery_days_min } : {}),
          ...(input.delivery_days_max !== undefined ? { delivery_days_max: input.delivery_days_max } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeDesigns(trx, row.id, designs);
      return row.id;
    });
    return (await getStore(db, id))!;
  } catch (error) {
    return translateDbError(error, CONSTRAINTS);
  }
}

/** Field names of an edit, in the words the refusal uses. */
const FIELD_WORDS: Record<string, string> = {
  name: 'the name',
  organiser_name: 'the organiser',
  organiser_email: 'the organiser’s e-mail',
  visibility: 'public or private',
  password: 'the password',
  opens_at: 'the open date',
  minimum_per_design: 'the minimum',
  missed_minimum: 'what a missed minimum does',
  delivery: 'the delivery',
  delivery_days_min: 'the delivery days',
  delivery_days_max: 'the delivery days',
  designs: 'the designs',
};

/**
 * Saves an edit. A draft changes freely (a store sent to the organiser goes back to draft, so the
 * organiser never approves something else than what they see: send it again). Once approved,
 * only the close date moves: buyers paid for these designs, prices and dates. A closed store
 * changes no more. Null when there is no such store.
 */
export async function updateStore(db: Kysely<Database>, id: string, input: StoreUpdate): Promise<AdminStore | null> {
  const { id: _id, ...changes } = input;
  const current = await db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
  if (!current) return null;
  if (current.status === 'closed') {
    throw new Conflict('store_closed', 'This store has closed: it cannot change. Run it again as a new store.');
  }
  const approved = current.status === 'approved';
  if (storeState(current) === 'closing') {
    throw new Conflict('store_closing', 'This store’s close has passed and its close is under way: it cannot change.');
  }
  if (approved) {
    const others = Object.keys(changes).filter((k) => k !== 'closes_at');
    if (others.length > 0) {
      const what = [...new Set(others.map((k) => FIELD_WORDS[k] ?? k))].join(', ');
      const message = `The organiser approved this store: only its close date can change now, not ${what}. Buyers paid for what it offers.`;
      throw new Conflict('store_approved', message, {
        fields: Object.fromEntries(others.map((k) => [k, message])),
      });
    }
  }
  const { opens, closes } = storeDates(
    changes.opens_at ?? instantToShopLocal(current.opens_at),
    changes.closes_at ?? instantToShopLocal(current.closes_at),
  );
  deliveryDays(
    changes.delivery_days_min ?? current.delivery_days_min,
    changes.delivery_days_max ?? current.delivery_days_max,
  );
  const designs = changes.designs ? await checkDesigns(db, id, changes.designs) : null;
  const { designs: _designs, password, opens_at: _o, closes_at: _c, ...plain } = changes;
  const set: Record<string, unknown> = { ...plain, opens_at: opens, closes_at: closes, updated_at: new Date() };
  if (password !== undefined) set['password_hash'] = password === null ? null : await hashPassword(password);
  if (!approved && (changes.name !== undefined || changes.visibility !== undefined)) {
    const name = changes.name ?? current.name;
    const visibility = changes.visibility ?? current.visibility;
    const keep = visibility === current.visibility && name === current.name;
    if (!keep) set['slug'] = await freeSlug(db, name, visibility, id);
  }
  if (current.status === 'proof_sent') set['status'] = 'draft';
  try {
    await atomically(db, async (trx) => {
      const locked = await trx
        .selectFrom('stores')
        .select('status')
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!locked || locked.status !== current.status) {
        throw new Conflict(
          'store_changed',
          'The store changed meanwhile (the organiser may have approved it): reload it.',
        );
      }
      await trx.updateTable('stores').set(set).where('id', '=', id).execute();
      if (designs) await writeDesigns(trx, id, designs);
    });
  } catch (error) {
    return translateDbError(error, CONSTRAINTS);
  }
  return getStore(db, id);
}
