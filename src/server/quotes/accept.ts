import { type Kysely, sql } from 'kysely';
import type { PricedQuoteLine } from '../../lib/quotes/quote-pricing.ts';
import { lineTotalCents, QUOTED_ITEM_TYPES } from '../../lib/quotes/quote-pricing.ts';
import { shopToday } from '../catalog/collection-window.ts';
import { CHECKOUT_HOLD_MS, HOLD_MARGIN_MS } from '../checkout/start-checkout.ts';
import { writeOrder } from '../orders/order-writer.ts';
import { recordPaymentSession } from '../orders/payments/payment-sessions.ts';
import { releaseOrder, releaseOrders } from '../orders/release-order.ts';
import { atomically } from '../db/transaction.ts';
import type { CheckoutUrls } from '../links/urls.ts';
import type { Database } from '../db/types.ts';
import { Conflict, Unavailable } from '../errors.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { depositCents } from '../../lib/orders/order-balance.ts';
import { lockQuoteRequest } from './lock.ts';
import { quoteReadyBy } from './quote-ready-by.ts';
import { quoteSession } from './quote-session.ts';
import { liveOrderOf } from './send.ts';

/** Why a quote in this status cannot be paid, in the customer's words. */
const NOT_PAYABLE: Record<string, string> = {
  new: 'This quote is not ready yet.',
  accepted: 'This quote is paid already. Thank you!',
  declined: 'You declined this quote. Write to us if you would like it priced again.',
  expired: 'This quote has expired. Write to us and we will gladly price it again.',
  withdrawn: 'This quote was withdrawn. Write to us for a new one.',
};

/**
 * "Accept and pay" (docs/decisions/0017-quotes.md): turns the quote's sent revision into a pending order and opens
 * its payment session. The amount is the stored revision's, added up again here from its lines
 * (never a figure from the browser), and must match what was sent. Under the quote's row lock:
 * a second click while the payment page is open gets the same page (one order); a paid,
 * declined, withdrawn or expired quote is refused (409). The order enters the workflow when it
 * is paid, like any other.
 */
export async function acceptQuote(
  db: Kysely<Database>,
  provider: PaymentProvider,
  requestId: string,
  urls: CheckoutUrls,
  now = new Date(),
): Promise<{ url: string }> {
  const expiresAt = new Date(now.getTime() + CHECKOUT_HOLD_MS + HOLD_MARGIN_MS);
  const prepared = await atomically(db, async (trx) => {
    const request = await lockQuoteRequest(trx, requestId);
    if (request.status !== 'quoted' || !request.sent_revision_id) {
      throw new Conflict(`quote_${request.status}`, NOT_PAYABLE[request.status] ?? 'This quote cannot be paid.');
    }
    const revision = await trx
      .selectFrom('quote_revisions')
      .selectAll()
      .select(sql<boolean>`valid_until < ${shopToday()}`.as('past'))
      .where('id', '=', request.sent_revision_id)
      .executeTakeFirstOrThrow();
    if (revision.past) {
      await trx.updateTable('quote_requests').set({ status: 'expired' }).where('id', '=', requestId).execute();
      return { expired: true as const };
    }
    const live = await liveOrderOf(trx, requestId);
    if (live && live.status !== 'pending') throw new Conflict('quote_accepted', NOT_PAYABLE['accepted'] ?? '');
    if (live?.checkout_url) return { url: live.checkout_url };
    if (live) {
      throw new Conflict('payment_opening', 'Your payment page is opening in another window. Try again in a moment.');
    }
    // Holds of this quote that ran out but were not released yet go first (one live order per quote).
    const stale = await trx
      .selectFrom('orders')
      .select('id')
      .where('quote_request_id', '=', requestId)
      .where('status', '=', 'pending')
      .execute();
    if (stale.length > 0)
      await releaseOrders(
        trx,
        stale.map((o) => o.id),
      );

    const lines = revision.lines as PricedQuoteLine[];
    const subtotal = lines.reduce((sum, l) => sum + lineTotalCents(l), 0);
    const total = subtotal - revision.discount_cents + revision.shipping_cents + revision.tax_cents;
    if (subtotal !== revision.subtotal_cents || total !== revision.total_cents) {
      throw new Error(`quote revision ${revision.id} does not add up (${total} vs ${revision.total_cents})`);
    }
    const deposit = depositCents(total, revision.deposit_percent);
    // The day the quote's turnaround promises from today, kept as the order's due date like a cart's.
    const promised = await quoteReadyBy(trx, lines, now);
    const order = await writeOrder(trx, {
      source: { kind: 'quote', quoteRequestId: requestId },
      order: {
        email: request.email,
        status: 'pending',
        fulfillment: revision.fulfillment,
        shipping_speed: revision.shipping_speed,
        subtotal_cents: subtotal,
        discount_cents: revision.discount_cents,
        shipping_cents: revision.shipping_cents,
        tax_cents: revision.tax_cents,
        total_cents: total,
        payment_provider: provider.name,
        idempotency_key: crypto.randomUUID(),
        expires_at: expiresAt,
        in_hands_date: request.in_hands_date,
        ready_by: promised,
        // A quote accepted with a deposit (docs/decisions/0029-deposits.md): its checkout charges the deposit only.
        deposit_cents: deposit,
        balance_due: deposit === null ? null : revision.balance_due,
      },
      // Each quoted line, then its charges; a line priced by the owner's lists keeps its inputs,
      // lists and breakdown, as checkout's do.
      pieces: lines.flatMap((line) => [
        {
          productId: line.product_id,
          name: line.description,
          // Not 'product': a quoted line holds no stock, so releasing the order returns none.
          itemType: line.kind === 'product' ? QUOTED_ITEM_TYPES[0] : QUOTED_ITEM_TYPES[1],
          quantity: line.quantity,
          unitPriceCents: line.unit_price_cents,
          metadata: { quote: request.reference },
          pricing: line.pricing ?? null,
        },
        ...line.charges.map((charge) => ({
          productId: line.product_id,
          name: charge.name,
          itemType: charge.kind,
          quantity: charge.quantity,
          unitPriceCents: charge.unit_price_cents,
          pricing: charge.pricing ?? null,
        })),
      ]),
      charges: [],
    });
    // The request's files go with the order (the owner sees them there); released, they stay the request's.
    await trx
      .updateTable('artwork')
      .set({ order_id: order.id, attached_at: sql<Date>`now()` })
      .where('quote_request_id', '=', requestId)
      .where('status', '=', 'ready')
      .where('order_id', 'is', null)
      .execute();
    return { orderId: order.id, request, revision, lines, total, deposit };
  });
  if ('expired' in prepared) throw new Conflict('quote_expired', NOT_PAYABLE['expired'] ?? '');
  if ('url' in prepared) return { url: prepared.url };

  const { orderId, request, revision, lines, total, deposit } = prepared;
  let session: { sessionId: string; url: string };
  const [sessionOrder, sessionLines] = quoteSession(
    { id: orderId, email: request.email, totalCents: total, depositCents: deposit, expiresAt },
    revision,
    lines,
  );
  try {
    session = await provider.createSession(sessionOrder, sessionLines, urls);
  } catch (error) {
    console.error(`[quotes] payment session for quote ${request.reference} (order ${orderId}) failed:`, error);
    await releaseOrder(db, orderId);
    throw new Unavailable(
      'payment_unavailable',
      'Payment is briefly unavailable. Nothing was charged; please try again in a moment.',
      30,
    );
  }
  await atomically(db, async (trx) => {
    await trx
      .updateTable('orders')
      .set({ payment_session_id: session.sessionId, checkout_url: session.url })
      .where('id', '=', orderId)
      .execute();
    // What the session charges: the deposit when the quote asks one, else the total.
    await recordPaymentSession(trx, {
      provider: provider.name,
      sessionId: session.sessionId,
      purpose: 'checkout',
      orderId,
      requestId: null,
      combinedPaymentId: null,
      amountCents: sessionOrder.totalCents,
    });
  });
  return { url: session.url };
}

/**
 * The customer declines the quote with an optional reason (docs/decisions/0017-quotes.md). Only a quote that is
 * out to them can be declined; a payment page of it they opened is closed (its order released,
 * its session expired) so it can no longer be paid.
 */
export async function declineQuote(
  db: Kysely<Database>,
  provider: PaymentProvider,
  requestId: string,
  reason: string | null,
): Promise<void> {
  const openSession = await atomically(db, async (trx) => {
    const request = await lockQuoteRequest(trx, requestId);
    if (request.status !== 'quoted') {
      throw new Conflict(`quote_${request.status}`, NOT_PAYABLE[request.status] ?? 'This quote cannot be declined.');
    }
    const live = await liveOrderOf(trx, requestId);
    if (live && live.status !== 'pending') throw new Conflict('quote_accepted', NOT_PAYABLE['accepted'] ?? '');
    if (live) await releaseOrders(trx, [live.id]);
    await trx
      .updateTable('quote_requests')
      .set({ status: 'declined', decline_reason: reason, answered_at: sql<Date>`now()` })
      .where('id', '=', requestId)
      .execute();
    return live?.payment_session_id ?? null;
  });
  if (openSession) {
    await provider.expireSession(openSession).catch((error: unknown) => {
      console.error(`[quotes] could not expire session ${openSession} of a declined quote:`, error);
    });
  }
}
