import type { Kysely } from 'kysely';
import type { CheckoutAnswer } from '../../lib/cart/checkout-schema.ts';
import { priceCart } from '../../lib/pricing/cart-totals.ts';
import type { StoreCheckoutInput } from '../../lib/stores/store-checkout-schema.ts';
import { insertPendingOrder } from '../orders/create-order.ts';
import { openCheckoutSession } from '../checkout/open-session.ts';
import { CHECKOUT_HOLD_MS, HOLD_MARGIN_MS } from '../checkout/start-checkout.ts';
import { type CheckoutUrls, storeCancelUrl } from '../links/urls.ts';
import { atomically } from '../db/transaction.ts';
import type { Database } from '../db/types.ts';
import { NotFound } from '../errors.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { storeCheckoutLines, storeLineLabel } from './store-checkout-lines.ts';
import { storeDesigns } from './store-designs.ts';
import { lockStoreForOrder, notOpenRefusal } from './store-lock.ts';
import { admitStoreBuyer, type StoreAccess, type StorePass } from './store-password.ts';

/** A store the public may see: approved (scheduled, open, closing) or closed; drafts are 404. */
export async function visibleStore(db: Kysely<Database>, slug: string) {
  const store = await db
    .selectFrom('stores')
    .selectAll()
    .where('slug', '=', slug)
    .where('status', 'in', ['approved', 'closed'])
    .executeTakeFirst();
  if (!store) throw new NotFound('not_found', 'There is no such store.');
  return store;
}

/**
 * A buyer pays for their own pieces (docs/decisions/0030-team-stores.md): the store must exist (404), be open (409 with
 * when it opens or closed), and its password, if it has one, be given (403) or the buyer hold a pass
 * for it (admitStoreBuyer; docs/decisions/0041-password-checks.md). The lines are priced
 * from the store (storeCheckoutLines), the pending order names the store and carries the buyer's
 * address and name, and the same payment session as the cart's is opened. Fulfilment is the
 * store's: 'organiser' is a local handoff (to the organiser), 'ship' ships standard to the address
 * the payment page collects. Nothing is stored on any refusal. Answers the checkout and, after a
 * right password, the buyer's new pass.
 */
export async function startStoreCheckout(
  db: Kysely<Database>,
  provider: PaymentProvider,
  slug: string,
  input: StoreCheckoutInput,
  urls: CheckoutUrls,
  access: Omit<StoreAccess, 'password'> = {},
): Promise<{ answer: CheckoutAnswer; pass: StorePass | null }> {
  const now = new Date();
  const store = await visibleStore(db, slug);
  const refusal = notOpenRefusal(store, now);
  if (refusal) throw refusal;
  const pass = await admitStoreBuyer(db, store, { ...access, password: input.password });
  const lines = storeCheckoutLines(await storeDesigns(db, store.id), input.lines);
  const fulfillment = store.delivery === 'ship' ? 'shipping' : 'local';
  const pricing = priceCart({
    lines: lines.map((l) => ({ unit_price_cents: l.unitPriceCents, quantity: l.quantity })),
    fulfillment,
    shippingSpeed: 'standard',
    discount: null,
  });
  const expiresAt = new Date(now.getTime() + CHECKOUT_HOLD_MS + HOLD_MARGIN_MS);

  const order = await atomically(db, async (trx) => {
    // Under the store's lock (FOR SHARE), so a close that has begun is waited for and then seen.
    const locked = await lockStoreForOrder(trx, store.id);
    if (!locked) throw new NotFound('not_found', 'There is no such store.');
    const closed = notOpenRefusal(locked, new Date());
    if (closed) throw closed;
    return insertPendingOrder(trx, {
      lines,
      charges: [],
      pricing,
      fulfillment,
      shippingSpeed: 'standard',
      discount: null,
      discountEmail: null,
      cartId: null,
      provider: provider.name,
      expiresAt,
      store: { id: store.id, email: input.email, customerName: input.buyerName },
    });
  });

  const answer = await openCheckoutSession(
    db,
    provider,
    {
      id: order.id,
      fulfillment,
      shippingSpeed: fulfillment === 'local' ? null : 'standard',
      subtotalCents: pricing.subtotal_cents,
      discountCents: 0,
      discountCode: null,
      customerEmail: null,
      shippingCents: pricing.shipping_cents,
      taxCents: pricing.tax_cents,
      totalCents: pricing.total_cents,
      expiresAt,
    },
    lines.map((l) => ({ label: storeLineLabel(l), unitPriceCents: l.unitPriceCents, quantity: l.quantity })),
    // A cancelled or expired checkout returns to the store's page, which says whether the store closed meanwhile.
    { ...urls, cancelUrl: storeCancelUrl(urls, slug) },
    'store',
  );
  return { answer, pass };
}
