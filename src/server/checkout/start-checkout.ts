import { Conflict } from '../errors.ts';
import type { Kysely } from 'kysely';
import type { CheckoutAnswer } from '../../lib/cart/checkout-schema.ts';
import { type Fulfillment, type PriceBreakdown, priceCart, type ShippingSpeed } from '../../lib/pricing/cart-totals.ts';
import type { Database } from '../db/types.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { claimLineArtwork } from './claim-line-artwork.ts';
import { type ChargeLine, insertPendingOrder, type NewOrder } from '../orders/create-order.ts';
import { chargesOf } from './design-charges.ts';
import type { HoldClient } from '../throttle/shop-throttles.ts';
import { claimHoldSlot } from './hold-limit.ts';
import { appliedDiscount, claimDiscount, findUsableDiscount, type UsableDiscount } from './discounts.ts';
import { bindPersonalCode } from './personal-code.ts';
import { lineLabel } from '../../lib/orders/line-label.ts';
import { countingDay } from '../../lib/calendar/shop-calendar.ts';
import { readShopCalendar } from '../settings/shop-calendar.ts';
import { readyBy } from '../../lib/pricing/turnaround.ts';
import { type CheckoutLine, type LoadedLines, loadLines } from './load-lines.ts';
import type { RequestedLine } from './requested-lines.ts';
import { openCheckoutSession } from './open-session.ts';
import { reserveStockAndCommit, StockShort, shortfall } from './reserve-stock.ts';
import { sweepExpiredOrders } from './sweep-expired.ts';
import type { TaxPlace } from '../../lib/tax/tax-rules.ts';
import { taxForCheckout } from '../tax/tax-rules-store.ts';
import type { CheckoutUrls } from '../links/urls.ts';
import { ACCOUNT_HOLD_MS, type AccountCheckout } from '../../lib/orders/on-account.ts';
import {
  accountBuyer,
  type AccountBuyer,
  holdForConfirmation,
  owedOnAccount,
  refuseOverLimit,
} from './account-checkout.ts';

/**
 * How long a pending order holds its stock: Stripe's shortest session (expires_at 30 minutes to
 * 24 hours after it is created), so a checkout nobody pays keeps stock from others no longer
 * than it must.
 */
export const CHECKOUT_HOLD_MS = 30 * 60 * 1000;

/**
 * Added to the hold: Stripe measures its 30-minute minimum from when the session request
 * arrives, which is after the order is stored and may be up to the provider's 7 s budget later.
 */
export const HOLD_MARGIN_MS = 10 * 1000;

export interface CheckoutRequest {
  lines: RequestedLine[];
  fulfillment: Fulfillment;
  shippingSpeed: ShippingSpeed;
  discountCode: string | null;
  /** The buyer's address: needed with a personal code (bindPersonalCode), otherwise unused. */
  email?: string | null;
  cartId: string | null;
  /** The browser's artwork owner token: artwork a line names must be this owner's checked uploads. */
  artworkOwner?: string | null;
  /** When the customer needs it in hand (YYYY-MM-DD), if they said. */
  inHandsDate?: string | null;
  /**
   * A rush option of the list-priced products' turnaround list
   * (docs/decisions/0027-price-lists.md); null: standard.
   */
  rush?: string | null;
  /** False for Buy Now, which carries no pricing inputs: list-priced products are refused. */
  listPriced?: boolean;
  /** Bill a business account with a purchase order instead of paying (docs/decisions/0029-deposits.md). */
  account?: AccountCheckout | null;
  /** Where the order ships (issue 50): its tax follows this address; a pickup is taxed at the shop's. */
  shipTo?: TaxPlace | null;
}

export interface CheckoutOptions {
  /** The client asking (by its hashed address), whose open holds are bounded; unset: unbounded. */
  holdClient?: HoldClient;
  now?: Date;
}

/** A checkout priced from the database: its lines and charges, totals, code and account buyer. */
interface PricedCheckout {
  lines: CheckoutLine[];
  charges: ChargeLine[];
  pricing: PriceBreakdown;
  discount: UsableDiscount | null;
  discountEmail: string | null;
  buyer: AccountBuyer | null;
  turnaround: LoadedLines['turnaround'];
}

/**
 * Cart checkout and Buy Now: re-validates and re-prices everything from the database (a price
 * the browser sent is never used), claims a use of the promo code, stores the pending order with
 * its lines and reserves the stock in one transaction, then opens the payment session.
 * If the provider fails after the order is stored, the order is cancelled (which gives back its
 * stock and its claim on the code) before answering 503.
 */
export async function startCheckout(
  db: Kysely<Database>,
  provider: PaymentProvider,
  request: CheckoutRequest,
  urls: CheckoutUrls,
  options: CheckoutOptions = {},
): Promise<CheckoutAnswer> {
  const priced = await priceCheckout(db, request);
  const { buyer, lines } = priced;
  const hold = buyer ? ACCOUNT_HOLD_MS : CHECKOUT_HOLD_MS + HOLD_MARGIN_MS;
  const now = options.now ?? new Date();
  const expiresAt = new Date(now.getTime() + hold);
  // The day the product page and cart promised ("Ready by Thu, Dec 3"), counted as they count it:
  // working days of the shop's calendar from the day the order counts from.
  const calendar = priced.turnaround ? await readShopCalendar(db) : null;
  const promised =
    priced.turnaround && calendar
      ? readyBy(countingDay(calendar, now), priced.turnaround.businessDays, calendar).date
      : null;
  const order = await withLapsedHoldsReleased(db, lines, () =>
    placeOrder(db, priced, request, {
      provider: buyer ? 'account' : provider.name,
      expiresAt,
      promised,
      holdClient: options.holdClient,
    }),
  );
  // On account, the e-mailed link is the order's "payment page": the buyer is told to read it.
  if (buyer) return { url: `${urls.origin}/account-orders/sent` };
  return openSession(db, provider, priced, request, { id: order.id, expiresAt }, urls);
}

/**
 * The lines checked and priced, the code found and the account buyer read, in one go; the totals
 * from them. Errors name the cart checkout's payload fields (items.N.x, discountCode, email); Buy
 * Now renames them to its own at its function.
 */
async function priceCheckout(db: Kysely<Database>, request: CheckoutRequest): Promise<PricedCheckout> {
  const [loaded, discount, buyer, tax] = await Promise.all([
    loadLines(db, request.lines, { rush: request.rush ?? null, listPriced: request.listPriced ?? true }),
    request.discountCode
      ? findUsableDiscount(db, request.discountCode, 'discountCode')
      : Promise.resolve<UsableDiscount | null>(null),
    request.account
      ? accountBuyer(db, request.account, request.fulfillment)
      : Promise.resolve<AccountBuyer | null>(null),
    taxForCheckout(db, request.fulfillment, request.shipTo ?? null),
  ]);
  // A personal code with no address or another mailbox's is refused before anything is stored.
  const discountEmail = bindPersonalCode(discount, buyer?.email ?? request.email ?? null, 'email');
  const { lines } = loaded;
  // Flat location charges of flat-priced lines, then the list-priced job's fees and rush.
  const charges = [...chargesOf(lines), ...loaded.charges];
  const pricing = priceCart({
    lines: [...lines, ...charges].map((l) => ({ unit_price_cents: l.unitPriceCents, quantity: l.quantity })),
    fulfillment: request.fulfillment,
    shippingSpeed: request.shippingSpeed,
    discount: appliedDiscount(discount),
    taxExempt: buyer?.taxExempt ?? false,
    tax,
  });
  // An order on account is checked against the credit limit now and again when it is confirmed.
  if (buyer) refuseOverLimit(await owedOnAccount(db, buyer.accountId), pricing.total_cents, buyer.creditLimitCents);
  return { lines, charges, pricing, discount, discountEmail, buyer, turnaround: loaded.turnaround };
}

/** How the pending order is held: by whom it is paid, until when, the day promised, the client's hold slot. */
interface Hold {
  provider: NewOrder['provider'];
  expiresAt: Date;
  promised: string | null;
  holdClient: HoldClient | undefined;
}

/** The pending order stored with its lines, code use, artwork and stock in one transaction. */
function placeOrder(db: Kysely<Database>, priced: PricedCheckout, request: CheckoutRequest, hold: Hold) {
  const { lines, charges, pricing, discount, discountEmail, buyer } = priced;
  return db.transaction().execute(async (trx) => {
    if (hold.holdClient) await claimHoldSlot(trx, hold.holdClient);
    // A limited code's last use goes to one checkout only; the others are refused here. An
    // unlimited code has no uses to count, so its row is not locked: checkouts with it never queue.
    if (discount?.limited) await claimDiscount(trx, discount.id, 'discountCode');
    const pending = await insertPendingOrder(trx, {
      lines,
      charges,
      pricing,
      fulfillment: request.fulfillment,
      shippingSpeed: request.shippingSpeed,
      discount,
      discountEmail,
      cartId: request.cartId,
      provider: hold.provider,
      expiresAt: hold.expiresAt,
      holdClientKey: hold.holdClient?.key ?? null,
      inHandsDate: request.inHandsDate ?? null,
      readyBy: hold.promised,
    });
    await claimLineArtwork(trx, request.artworkOwner ?? null, lines, pending.id);
    if (buyer) await holdForConfirmation(trx, pending.id, buyer, pricing.total_cents, pricing.shipping_cents);
    // Last, and with COMMIT: the stock rows every checkout of these items needs are locked briefly.
    await reserveStockAndCommit(trx, lines);
    return pending;
  });
}

/** The payment session of a stored order: its totals, and each line and charge as the provider lists it. */
function openSession(
  db: Kysely<Database>,
  provider: PaymentProvider,
  { lines, charges, pricing, discount, discountEmail }: PricedCheckout,
  request: CheckoutRequest,
  order: { id: string; expiresAt: Date },
  urls: CheckoutUrls,
): Promise<CheckoutAnswer> {
  return openCheckoutSession(
    db,
    provider,
    {
      id: order.id,
      fulfillment: request.fulfillment,
      shippingSpeed: request.fulfillment === 'local' ? null : request.shippingSpeed,
      subtotalCents: pricing.subtotal_cents,
      discountCents: pricing.discount_cents,
      discountCode: discount?.code ?? null,
      customerEmail: discountEmail,
      shippingCents: pricing.shipping_cents,
      taxCents: pricing.tax_cents,
      taxLabel: pricing.tax_label,
      totalCents: pricing.total_cents,
      expiresAt: order.expiresAt,
    },
    [
      ...lines.map((l) => ({
        label: lineLabel(l),
        description: l.pricing?.breakdown ?? null,
        unitPriceCents: l.unitPriceCents,
        quantity: l.quantity,
      })),
      ...charges.map((c) => ({ label: c.name, unitPriceCents: c.unitPriceCents, quantity: c.quantity })),
    ],
    urls,
  );
}

/** Times a checkout is tried when it finds lapsed holds to release or its stock came back. */
const ATTEMPTS = 3;

/**
 * Runs `placeOrder`; when stock is short, cancels checkouts whose hold has lapsed (their stock
 * goes back) and, if that freed any, tries again; otherwise answers 409 with what is left of
 * each short line. Lapsed holds are swept here, where someone needs their stock, and by the
 * scheduled sweep, not by every checkout (a read per checkout that nearly always finds
 * nothing). A lapsed hold already counts for nothing else: not against a promo code's uses,
 * nor a client's open holds, and it can no longer be paid.
 */
async function withLapsedHoldsReleased<T>(
  db: Kysely<Database>,
  lines: CheckoutLine[],
  placeOrder: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await placeOrder();
    } catch (error) {
      if (!(error instanceof StockShort)) throw error;
    }
    if (attempt === ATTEMPTS) break;
    const released = await sweepExpiredOrders(db).catch((error: unknown) => {
      console.warn('[checkout] sweeping expired orders failed:', error);
      return 0;
    });
    if (released > 0) continue;
    const refusal = await shortfall(db, lines);
    if (refusal) throw refusal;
    // Nothing is short now: the stock came back between the two reads, so try again.
  }
  throw (await shortfall(db, lines)) ?? new Conflict('out_of_stock', 'Some items are selling fast. Please try again.');
}
