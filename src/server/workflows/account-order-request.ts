import { BUSINESS_TERMS_LABELS, type BusinessTerms } from '../../lib/orders/business-accounts.ts';
import { storedLineLabel } from '../../lib/orders/line-label.ts';
import { orderNumber } from '../../lib/orders/order-number.ts';
import { checkoutUrls } from '../links/urls.ts';
import { db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { statusOf } from '../http.ts';
import { orderPageUrl, verifyLink } from '../links/signed-links.ts';
import { isForeignOrigin } from '../security/api-headers.ts';
import { confirmAccountOrder } from './confirm-account-order.ts';
import { isPaid } from '../../lib/orders/order-stages.ts';

/** An unconfirmed order on account as its confirmation page shows it. */
export interface AccountOrderView {
  number: string;
  accountName: string;
  poNumber: string;
  terms: string;
  totalCents: number;
  lines: { label: string; quantity: number }[];
  /** Lapsed or cancelled: it can no longer be confirmed. */
  lapsed: boolean;
}

/**
 * The page behind the on-account confirmation e-mail (src/pages/account-orders/[token].astro,
 * docs/decisions/0029-deposits.md): GET shows the order and its Confirm button; POST confirms it (the order is placed
 * and its invoice issued) and sends the buyer to the order page; an order already confirmed
 * goes there too. A refusal shows the page again with the reason; a token that does not open an
 * unconfirmed order on account, or another site's post, is the same 404 page.
 */
export type AccountOrderOutcome = { status: number } & (
  | { kind: 'order'; order: AccountOrderView; problem: string | null }
  | { kind: 'not-found' }
  | { kind: 'redirect'; location: string }
);

const notFound: AccountOrderOutcome = { kind: 'not-found', status: 404 };

export async function accountOrderRequest(req: Request, token: string): Promise<AccountOrderOutcome> {
  const id = verifyLink('account-order', token);
  if (!id) return notFound;
  const database = await db();
  const order = await database
    .selectFrom('orders')
    .innerJoin('business_accounts as a', 'a.id', 'orders.account_id')
    .select(['orders.id', 'orders.status', 'orders.expires_at', 'orders.po_number', 'orders.total_cents'])
    .select(['a.name as account_name', 'a.terms'])
    .where('orders.id', '=', id)
    .where('orders.payment_provider', '=', 'account')
    .executeTakeFirst();
  if (!order?.po_number) return notFound;
  const orderUrl = `${orderPageUrl(id, checkoutUrls(req).origin)}`;
  if (isPaid(order)) return { kind: 'redirect', status: 303, location: orderUrl };
  const items = await database
    .selectFrom('order_items')
    .select(['name', 'quantity', 'variant_metadata', 'item_type'])
    .where('order_id', '=', id)
    .orderBy('position')
    .execute();
  const view: AccountOrderView = {
    number: orderNumber(id),
    accountName: order.account_name,
    poNumber: order.po_number,
    terms: BUSINESS_TERMS_LABELS[order.terms as BusinessTerms],
    totalCents: order.total_cents,
    lines: items.map((i) => ({
      label:
        i.item_type === 'product' ? storedLineLabel(i.name, i.variant_metadata as Record<string, unknown>) : i.name,
      quantity: i.quantity,
    })),
    lapsed: order.status !== 'pending' || (order.expires_at !== null && order.expires_at.getTime() <= Date.now()),
  };
  if (req.method !== 'POST') return { kind: 'order', status: 200, order: view, problem: null };
  if (isForeignOrigin(req)) return notFound;
  try {
    await confirmAccountOrder(database, id);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { kind: 'order', status: statusOf(error), order: view, problem: error.message };
  }
  return { kind: 'redirect', status: 303, location: `${orderUrl}?done=account` };
}
