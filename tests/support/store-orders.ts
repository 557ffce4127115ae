import type { Kysely } from 'kysely';
import { jsonb } from '../../src/server/db/json.ts';
import type { Database } from '../../src/server/db/types.ts';
import { recordPaymentSession } from '../../src/server/orders/payments/payment-sessions.ts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { type VariantFixture, variantOf } from './checkout.ts';

/**
 * Stores and their paid buyer orders for tests of the close and the reports
 * (docs/decisions/0030-team-stores.md), written as the owner's setup and the buyers' checkout leave
 * them: a store approved by its organiser with designs (a product, locations with artwork and
 * pricing inputs, price and fundraising), and buyer orders whose lines name their design in
 * variant_metadata.store_design_id with the personalisation of every piece, paid with a real
 * payment row so refunds work.
 */

export interface StoreDesignSpec {
  name: string;
  productSlug?: string;
  priceCents: number;
  fundraisingCents?: number | null;
  fundraisingBp?: number | null;
  locations?: { code: string; name: string; colors?: number }[];
}

export interface StoreFixture {
  id: string;
  name: string;
  designs: { id: string; name: string; priceCents: number; artworkIds: string[] }[];
}

let counter = 0;

/** An artwork file the shop uploaded for a store design (checked, not claimed by any order). */
export async function storeArtwork(db: Kysely<Database>, name: string): Promise<string> {
  const row = await db
    .insertInto('artwork')
    .values({
      owner_hash: 'b'.repeat(64),
      status: 'ready',
      original_name: name,
      content_type: 'image/png',
      byte_size: 2048,
      storage_key: `stores/${crypto.randomUUID()}`,
      checked_at: new Date(),
      checks: jsonb({ kind: 'raster' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An approved store that opened yesterday and closes in `closesInMs` (negative: past its close). */
export async function createStore(
  db: Kysely<Database>,
  options: {
    name?: string;
    minimum?: number;
    missed?: 'refund' | 'print_anyway';
    delivery?: 'ship' | 'organiser';
    closesInMs?: number;
    designs: StoreDesignSpec[];
  },
): Promise<StoreFixture> {
  const n = ++counter;
  const name = options.name ?? `Eagles Team Store ${n}`;
  const store = await db
    .insertInto('stores')
    .values({
      slug: `eagles-${n}-${crypto.randomUUID().slice(0, 8)}`,
      name,
      organiser_name: 'Coach Carter',
      organiser_email: 'coach.carter@example.com',
      opens_at: new Date(Date.now() - 86_400_000),
      closes_at: new Date(Date.now() + (options.closesInMs ?? -60_000)),
      minimum_per_design: options.minimum ?? 6,
      missed_minimum: options.missed ?? 'refund',
      delivery: options.delivery ?? 'organiser',
      status: 'approved',
      approved_at: new Date(Date.now() - 86_400_000),
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  const designs: StoreFixture['designs'] = [];
  for (const [position, spec] of options.designs.entries()) {
    const product = await db
      .selectFrom('products')
      .select('id')
      .where('slug', '=', spec.productSlug ?? 'city-champ-tourney-tee')
      .executeTakeFirstOrThrow();
    const design = await db
      .insertInto('store_designs')
      .values({
        store_id: store.id,
        product_id: product.id,
        position,
        name: spec.name,
        price_cents: spec.priceCents,
        fundraising_cents: spec.fundraisingCents ?? null,
        fundraising_bp: spec.fundraisingBp ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const artworkIds: string[] = [];
    for (const [i, location] of (spec.locations ?? [{ code: 'front', name: 'Front' }]).entries()) {
      const artworkId = await storeArtwork(db, `${spec.name} ${location.name}.png`);
      artworkIds.push(artworkId);
      await db
        .insertInto('store_design_locations')
        .values({
          design_id: design.id,
          code: location.code,
          name: location.name,
          artwork_id: artworkId,
          colors: location.colors ?? null,
          position: i,
        })
        .execute();
    }
    designs.push({ id: design.id, name: spec.name, priceCents: spec.priceCents, artworkIds });
  }
  return { id: store.id, name: store.name, designs };
}

export interface BuyerLineSpec {
  design: StoreFixture['designs'][number];
  variant: VariantFixture;
  quantity: number;
  personalisation?: { name?: string; number?: string };
  /** Added to the design's price a piece (personalisation's price). */
  extraCents?: number;
}

export interface BuyerOrderOptions {
  email?: string;
  name?: string;
  /** 'stripe' with the PaymentIntent the stand-in knows; else the embedded test checkout. */
  stripeIntent?: string;
}

/** A pending buyer order of a store (as its checkout writes it before payment): answers id and total. */
export async function pendingBuyerOrder(
  db: Kysely<Database>,
  store: StoreFixture,
  lines: BuyerLineSpec[],
  options: BuyerOrderOptions = {},
): Promise<{ id: string; totalCents: number }> {
  const total = lines.reduce((sum, l) => sum + (l.design.priceCents + (l.extraCents ?? 0)) * l.quantity, 0);
  const order = await db
    .insertInto('orders')
    .values({
      email: options.email ?? `buyer${++counter}@example.com`,
      customer_name: options.name ?? `Buyer ${counter}`,
      status: 'pending',
      fulfillment: 'local',
      subtotal_cents: total,
      total_cents: total,
      store_id: store.id,
      payment_provider: options.stripeIntent ? 'stripe' : 'embedded',
      payment_session_id: options.stripeIntent ? `cs_test_${crypto.randomUUID().replace(/-/g, '')}` : null,
    })
    .returning(['id', 'payment_session_id'])
    .executeTakeFirstOrThrow();
  if (order.payment_session_id) await storeBuyerSession(db, order.id, order.payment_session_id, total);
  await db
    .insertInto('order_items')
    .values(
      lines.map((l, position) => ({
        order_id: order.id,
        product_id: l.variant.productId,
        color_id: l.variant.colorId,
        size_id: l.variant.sizeId,
        name: l.design.name,
        item_type: 'product',
        quantity: l.quantity,
        unit_price_cents: l.design.priceCents + (l.extraCents ?? 0),
        position,
        variant_metadata: jsonb({
          store_design_id: l.design.id,
          color: l.variant.colorName,
          size: l.variant.sizeName,
          ...(l.personalisation ? { personalisation: l.personalisation } : {}),
        }),
      })),
    )
    .execute();
  return { id: order.id, totalCents: total };
}

/**
 * Completes a pending buyer order as the payment webhook and the test checkout do, through the
 * shop's own completeOrder (which takes the store's row FOR SHARE under the close's locking
 * contract, src/server/stores/store-lock.ts): paid with its payment row while the store has not
 * closed; a closed store cancels it instead. Answers whether it was paid.
 */
export async function completeBuyerOrder(
  db: Kysely<Database>,
  orderId: string,
  options: BuyerOrderOptions = {},
): Promise<'paid' | 'refused'> {
  const result = await completeOrder(
    db,
    orderId,
    options.stripeIntent ? { paymentIntentId: options.stripeIntent } : {},
  );
  if (result.outcome === 'paid') return 'paid';
  if (result.outcome === 'unchanged' && result.status === 'cancelled') return 'refused';
  throw new Error(`buyer order ${orderId} could not be completed: ${JSON.stringify(result)}`);
}

/** A paid buyer order of a store (pending, then completed under the store lock). */
export async function paidBuyerOrder(
  db: Kysely<Database>,
  store: StoreFixture,
  lines: BuyerLineSpec[],
  options: BuyerOrderOptions = {},
): Promise<{ id: string; totalCents: number }> {
  const order = await pendingBuyerOrder(db, store, lines, options);
  const outcome = await completeBuyerOrder(db, order.id, options);
  if (outcome !== 'paid') throw new Error(`buyer order ${order.id} was refused`);
  return order;
}

/** Colour × size variants of the tee the stores print on, for buyer lines. */
export async function teeVariants(db: Kysely<Database>, count: number): Promise<VariantFixture[]> {
  const variants: VariantFixture[] = [];
  for (let i = 0; i < count; i++) variants.push(await variantOf(db, 'city-champ-tourney-tee', i));
  return variants;
}

/**
 * Names a Stripe session on a store buyer's order as the store's checkout does: on the order and
 * in payment_sessions (src/server/orders/payments/payment-sessions.ts), where a webhook finds it.
 */
export async function storeBuyerSession(
  db: Kysely<Database>,
  orderId: string,
  sessionId: string,
  amountCents: number,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ payment_provider: 'stripe', payment_session_id: sessionId })
    .where('id', '=', orderId)
    .execute();
  await recordPaymentSession(db, {
    provider: 'stripe',
    sessionId,
    purpose: 'store',
    orderId,
    requestId: null,
    combinedPaymentId: null,
    amountCents,
  });
}
