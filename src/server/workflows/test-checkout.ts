import type { Kysely } from 'kysely';
import { completeOrder } from './complete-order.ts';
import { releaseOrder } from '../orders/release-order.ts';
import { markPaymentSession } from '../orders/payments/payment-sessions.ts';
import { findSessionOrder, type SessionOrderDetails } from '../orders/session-view.ts';
import { type CheckoutUrls, storeCancelUrl, successUrlFor } from '../links/urls.ts';
import type { Database } from '../db/types.ts';
import { isEmbeddedSessionId } from '../payments/embedded.ts';
import type { PaymentContact } from '../../lib/orders/payment-contact.ts';

/** The order behind a test checkout session, or null for an id that names none. */
export function findTestCheckout(db: Kysely<Database>, sessionId: string): Promise<SessionOrderDetails | null> {
  return isEmbeddedSessionId(sessionId) ? findSessionOrder(db, sessionId, 'embedded') : Promise.resolve(null);
}

/** The session's own return addresses, as Stripe keeps them: a store order's cancel goes back to its store. */
function sessionUrls(order: SessionOrderDetails, urls: CheckoutUrls): CheckoutUrls {
  return order.storeSlug ? { ...urls, cancelUrl: storeCancelUrl(urls, order.storeSlug) } : urls;
}

/**
 * Pay on the test checkout: completes the order exactly as Stripe's checkout.session.completed
 * webhook does (with the name, phone and ship-to address the page collected), then answers where to send the customer (the shop's success URL). Paying twice
 * changes nothing the second time; a lapsed or cancelled checkout goes to the cancel URL.
 */
export async function payTestCheckout(
  db: Kysely<Database>,
  order: SessionOrderDetails,
  checkoutUrls: CheckoutUrls,
  email: string | null,
  contact: PaymentContact | null,
): Promise<string> {
  const urls = sessionUrls(order, checkoutUrls);
  if (order.status === 'pending' && order.lapsed) {
    await releaseOrder(db, order.id);
    await markPaymentSession(db, order.sessionId, 'expired');
    return urls.cancelUrl;
  }
  if (order.status === 'pending') {
    const address = contact?.address;
    const result = await completeOrder(db, order.id, {
      email,
      name: contact?.name ?? null,
      phone: contact?.phone ?? null,
      // Stripe's shipping_details: the ship-to name with the address (a pickup order has none).
      shipping: contact && address ? { name: contact.name, ...address } : null,
    });
    if (result.outcome === 'unchanged' && result.status === 'cancelled') {
      await markPaymentSession(db, order.sessionId, 'expired');
      return urls.cancelUrl;
    }
    await markPaymentSession(db, order.sessionId, 'paid');
    return successUrlFor(urls, order.sessionId);
  }
  return order.status === 'cancelled' ? urls.cancelUrl : successUrlFor(urls, order.sessionId);
}

/** Cancel on the test checkout: releases the order's stock (as Stripe's expiry does) and leaves. */
export async function cancelTestCheckout(
  db: Kysely<Database>,
  order: SessionOrderDetails,
  checkoutUrls: CheckoutUrls,
): Promise<string> {
  const urls = sessionUrls(order, checkoutUrls);
  if (order.status === 'pending') {
    await releaseOrder(db, order.id);
    await markPaymentSession(db, order.sessionId, 'cancelled');
    return urls.cancelUrl;
  }
  return order.status === 'cancelled' ? urls.cancelUrl : successUrlFor(urls, order.sessionId);
}
