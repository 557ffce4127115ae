/**
 * What the API benchmark asks for, taken from the seeded database: public product and
 * collection slugs, and carts of sellable variants. Most carts hold variants restocked for the
 * whole run; two also hold one of the seed's last pieces (1-3 left), so parallel checkouts race
 * for them and the losers must get 409 out_of_stock.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../src/server/db/types.ts';

/** Enough of each restocked variant for a run at any rate this machine reaches. */
export const RESTOCK = 100_000;

export interface CartLine {
  productId: string;
  colorId: string | null;
  sizeId: string | null;
  quantity: number;
  /**
   * Print locations (docs/decisions/0015-print-ordering.md); artwork sent later; ink colours where
   * a screen-print list prices them (#27).
   */
  locations?: { code: string; artworkId: null; colors?: number }[];
}

export interface Cart {
  items: CartLine[];
  fulfillment: 'shipping' | 'local';
  shippingSpeed: 'standard' | 'express';
  discountCode?: string;
  /** Where the order ships (issue 50): its tax follows the shop's rule for it. */
  shipTo?: { state: string; zip: string };
}

interface SellableVariant {
  id: string;
  product_id: string;
  color_id: string | null;
  size_id: string | null;
  stock_qty: number;
}

export async function publicSlugs(db: Kysely<Database>) {
  const products = await sql<{ slug: string }>`
    select p.slug from products p join collections c on c.id = p.collection_id
    where p.is_active and c.is_active order by c.sort_order, p.sort_order, p.name limit 12`.execute(db);
  const collections = await sql<{ slug: string }>`
    select slug from collections where is_active order by sort_order, name`.execute(db);
  return { products: products.rows.map((r) => r.slug), collections: collections.rows.map((r) => r.slug) };
}

/** Variants a customer can pick: product and collection active, colour and size offered and active. */
async function sellableVariants(db: Kysely<Database>): Promise<SellableVariant[]> {
  const result = await sql<SellableVariant>`
    select v.id, v.product_id, v.color_id, v.size_id, v.stock_qty
    from product_variants v
    join products p on p.id = v.product_id and p.is_active
    join collections c on c.id = p.collection_id and c.is_active
    left join colors co on co.id = v.color_id
    left join sizes s on s.id = v.size_id
    where v.stock_qty > 0
      and (v.color_id is null or (co.is_active and exists (
        select 1 from product_colors pc where pc.product_id = v.product_id and pc.color_id = v.color_id)))
      and (v.size_id is null or (s.is_active and exists (
        select 1 from product_sizes ps where ps.product_id = v.product_id and ps.size_id = v.size_id)))
    order by c.sort_order, p.sort_order, p.name, co.sort_order nulls first, s.sort_order nulls first`.execute(db);
  return result.rows;
}

const lineOf = (v: SellableVariant, quantity: number): CartLine => ({
  productId: v.product_id,
  colorId: v.color_id,
  sizeId: v.size_id,
  quantity,
});

/** Twelve carts; restocks the variants of the first ten (the last two carts also take a last piece). */
export async function prepareCarts(db: Kysely<Database>): Promise<Cart[]> {
  const variants = await sellableVariants(db);
  const plenty: SellableVariant[] = [];
  for (const v of variants) {
    if (v.stock_qty > 3 && !plenty.some((p) => p.product_id === v.product_id)) plenty.push(v);
    if (plenty.length === 10) break;
  }
  const scarce = variants.filter((v) => v.stock_qty <= 3).slice(0, 2);
  if (plenty.length < 10 || scarce.length < 2) throw new Error('the seed has too few sellable variants for the bench');
  await db
    .updateTable('product_variants')
    .set({ stock_qty: RESTOCK })
    .where(
      'id',
      'in',
      plenty.map((v) => v.id),
    )
    .execute();

  const carts: Cart[] = plenty.map((v, i) => ({
    items: [lineOf(v, 1), lineOf(plenty[(i + 3) % plenty.length]!, 2)],
    fulfillment: i % 2 === 0 ? 'shipping' : 'local',
    shippingSpeed: i % 4 === 0 ? 'express' : 'standard',
    ...(i % 3 === 0 ? { discountCode: 'SAVE10' } : {}),
  }));
  scarce.forEach((v, i) => {
    carts.push({ items: [lineOf(plenty[i]!, 1), lineOf(v, 1)], fulfillment: 'shipping', shippingSpeed: 'standard' });
  });
  return carts;
}

/**
 * A product's colours offered in three sizes (the first three of each), restocked for the run:
 * one design of 8 + 8 + 8 tees per colour.
 */
async function restockedDesigns(db: Kysely<Database>, productId: string, slug: string): Promise<SellableVariant[][]> {
  const variants = (await sellableVariants(db)).filter(
    (v) => v.product_id === productId && v.color_id !== null && v.size_id !== null,
  );
  const byColor = new Map<string, SellableVariant[]>();
  for (const v of variants) byColor.set(v.color_id!, [...(byColor.get(v.color_id!) ?? []), v]);
  const designs = [...byColor.values()].filter((sizes) => sizes.length >= 3).map((sizes) => sizes.slice(0, 3));
  if (designs.length === 0) throw new Error(`the seed has no colour of ${slug} in three sizes for the bench`);
  await db
    .updateTable('product_variants')
    .set({ stock_qty: RESTOCK })
    .where(
      'id',
      'in',
      designs.flat().map((v) => v.id),
    )
    .execute();
  return designs;
}

/** The tiered tee of the seed: 12/24/48/100-piece tiers and front, back and sleeve prints. */
const TIERED_TEE = 'city-champ-tourney-tee';

/**
 * Print-shop carts (docs/decisions/0015-print-ordering.md): 24 tees of one colour in three sizes (8
 * each) with a front and a back print, one cart per colour that has three sizes; restocks those variants for the run.
 */
export async function prepareTieredCarts(db: Kysely<Database>): Promise<Cart[]> {
  const tee = await db.selectFrom('products').select('id').where('slug', '=', TIERED_TEE).executeTakeFirstOrThrow();
  const designs = await restockedDesigns(db, tee.id, TIERED_TEE);
  const locations = [
    { code: 'front', artworkId: null },
    { code: 'back', artworkId: null },
  ];
  return designs.map((sizes, i) => ({
    items: sizes.map((v) => ({ ...lineOf(v, 8), locations })),
    fulfillment: i % 2 === 0 ? 'shipping' : 'local',
    shippingSpeed: 'standard',
  }));
}

/**
 * The tee priced by the owner's lists in the print-job scenario
 * (docs/decisions/0027-price-lists.md): not the tiered tee.
 */
const LIST_PRICED_TEE = 'west-texas-energy-tee';

/**
 * Print-job carts (docs/decisions/0027-price-lists.md): the same shape as the tiered carts (24 tees
 * of one colour in three sizes, a front and a back print) on a tee whose front and back are priced by the seed's
 * screen-print contract chart (2 colours front, 1 colour back), with size upcharges and a
 * turnaround list linked: what checkout does for a shop that prices from its lists.
 */
export async function preparePrintJobCarts(db: Kysely<Database>): Promise<Cart[]> {
  const tee = await db
    .selectFrom('products')
    .select('id')
    .where('slug', '=', LIST_PRICED_TEE)
    .executeTakeFirstOrThrow();
  const list = (name: string) =>
    db.selectFrom('price_lists').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  const screen = await list('Screen print contract chart');
  const garment = await list('Apparel size upcharges');
  const turnaround = await list('Standard turnaround and rush');
  await db
    .updateTable('products')
    .set({ garment_list_id: garment.id, turnaround_list_id: turnaround.id })
    .where('id', '=', tee.id)
    .execute();
  for (const [code, name, sort] of [
    ['front', 'Front', 1],
    ['back', 'Back', 2],
  ] as const) {
    await db
      .insertInto('product_print_locations')
      .values({
        product_id: tee.id,
        code,
        name,
        price_cents_per_piece: 0,
        setup_fee_cents: 0,
        sort_order: sort,
        price_list_id: screen.id,
      })
      .onConflict((oc) => oc.columns(['product_id', 'code']).doUpdateSet({ price_list_id: screen.id }))
      .execute();
  }
  const designs = await restockedDesigns(db, tee.id, LIST_PRICED_TEE);
  const locations = [
    { code: 'front', artworkId: null, colors: 2 },
    { code: 'back', artworkId: null, colors: 1 },
  ];
  return designs.map((sizes, i) => ({
    items: sizes.map((v) => ({ ...lineOf(v, 8), locations })),
    fulfillment: i % 2 === 0 ? 'shipping' : 'local',
    shippingSpeed: 'standard',
  }));
}

/**
 * The shop's order book for the admin list scenario (docs/decisions/0016-order-workflow.md): this
 * many orders in all.
 */
export const ADMIN_ORDERS = 10_000;

/**
 * Fills the order book to ADMIN_ORDERS with a year of paid, shipped, cancelled and pending
 * orders across every production stage, some due soon, some flagged: what the owner's work
 * queue reads when the shop has been busy.
 */
export async function prepareOrderBook(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from orders`.execute(db);
  const missing = ADMIN_ORDERS - rows[0]!.n;
  if (missing <= 0) return rows[0]!.n;
  await sql`
    insert into orders (email, status, fulfillment, subtotal_cents, total_cents, paid_at, fulfilled_at, cancelled_at,
                        created_at, stage, in_hands_date, attention_reason, attention_at)
    select 'book' || g || '@bench.example',
           s.status, case when g % 5 = 0 then 'local' else 'shipping' end,
           2000 + (g * 37) % 90000, 2000 + (g * 37) % 90000,
           case when s.status = 'paid' then now() - make_interval(mins => g * 50) end,
           case when s.status = 'paid' and g % 8 = 7 then now() - make_interval(mins => g * 50) end,
           case when s.status = 'cancelled' then now() - make_interval(mins => g * 50) end,
           now() - make_interval(mins => g * 50),
           case when s.status = 'paid'
                then (array['paid', 'awaiting_artwork', 'proof_sent', 'changes_requested', 'approved',
                            'in_production', 'shipped', 'completed'])[1 + g % 8] end,
           case when g % 7 = 0 then (now() + make_interval(days => g % 20 - 5))::date end,
           case when g % 997 = 0 then 'Bench: paid after cancel' end,
           case when g % 997 = 0 then now() end
    from generate_series(1, ${missing}) g
    cross join lateral (
      select (array['paid', 'paid', 'paid', 'paid', 'cancelled', 'pending'])[1 + g % 6] as status
    ) s`.execute(db);
  return ADMIN_ORDERS;
}

/**
 * Buyer checkouts of the seeded team store (supabase/seed.sql, docs/decisions/0030-team-stores.md):
 * each offered colour × size of its tee design, one piece with a name and a number (the store's priciest line).
 */
export async function prepareStoreBodies(db: Kysely<Database>): Promise<unknown[]> {
  const { rows } = await sql<{ design_id: string; color_id: string; size_id: string }>`
    select d.id as design_id, c.value as color_id, s.value as size_id
    from store_designs d, jsonb_array_elements_text(d.color_ids) c, jsonb_array_elements_text(d.size_ids) s
    where d.id = '5eed5700-0000-4000-8000-000000000002'`.execute(db);
  return rows.map((r, i) => ({
    lines: [
      {
        designId: r.design_id,
        colorId: r.color_id,
        sizeId: r.size_id,
        quantity: 1,
        name: 'Rivera',
        number: String(i % 99),
      },
    ],
    buyerName: `Buyer ${i}`,
    email: `buyer${i}@example.com`,
  }));
}

/**
 * Issue 50: a rate file as a Texas shop might keep (the state and 400 three-digit ZIP prefixes,
 * Lubbock's 794 among them, plus every other state's rate), and the plain carts shipped to
 * Lubbock: checkout then reads the state's rules and taxes by the longest prefix.
 */
export async function prepareTaxedCarts(db: Kysely<Database>, carts: Cart[]): Promise<Cart[]> {
  const states = ['AL', 'AZ', 'CA', 'CO', 'FL', 'GA', 'IL', 'NM', 'NY', 'OK', 'TX', 'WA'];
  const rows = [
    ...states.map((state, i) => ({
      state,
      zip_prefix: null,
      rate_milli: 4_000 + i * 250,
      shipping_taxable: state === 'TX',
      place: null,
    })),
    ...Array.from({ length: 400 }, (_, i) => ({
      state: 'TX',
      zip_prefix: String(750 + (i % 50)) + (i < 50 ? '' : String(i % 10)),
      rate_milli: 8_250,
      shipping_taxable: true,
      place: null,
    })),
  ];
  const unique = [...new Map(rows.map((r) => [`${r.state} ${r.zip_prefix}`, r])).values()];
  await db.insertInto('tax_rates').values(unique).execute();
  return carts.map((cart) => ({ ...cart, shipTo: { state: 'TX', zip: '79415' } }));
}
