import { type Kysely, sql } from 'kysely';
import { accountFor, type BusinessTerms } from '../../lib/orders/business-accounts.ts';
import { formatUsd } from '../../lib/money.ts';
import type { AccountAddress, AccountCheckout } from '../../lib/orders/on-account.ts';
import { orderNumber } from '../../lib/orders/order-number.ts';
import type { Database } from '../db/types.ts';
import { Conflict, Forbidden, Invalid } from '../errors.ts';
import { shopOrigin, signLink } from '../links/signed-links.ts';
import { enqueueMail } from '../mail/outbox.ts';

/** The business account a checkout bills, and who asked (docs/decisions/0029-deposits.md). */
export interface AccountBuyer {
  accountId: string;
  accountName: string;
  terms: BusinessTerms;
  creditLimitCents: number;
  /** Exempt with a certificate on file: the order carries no tax. */
  taxExempt: boolean;
  email: string;
  poNumber: string;
  name: string;
  address: AccountAddress | null;
}

/**
 * The account an on-account checkout's address buys under, or 403: the address is not an
 * account's (or its account is closed). A shipped order needs its address (400 on the field).
 */
export async function accountBuyer(
  db: Kysely<Database>,
  input: AccountCheckout,
  fulfillment: 'shipping' | 'local',
): Promise<AccountBuyer> {
  const email = input.email.trim().toLowerCase();
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const candidates = await db
    .selectFrom('business_accounts')
    .select(['id', 'name', 'email', 'domain', 'active', 'terms', 'credit_limit_cents', 'tax_exempt'])
    .select('exemption_certificate_artwork_id as certificate')
    .where((eb) => eb.or([eb('email', '=', email), eb('domain', '=', domain)]))
    .execute();
  const account = accountFor(email, candidates);
  if (!account) {
    throw new Forbidden(
      'not_an_account',
      'This address has no account with us, so the order cannot be billed. Pay by card, or call us to open an account.',
      { fields: { 'account.email': 'This address has no account with us.' } },
    );
  }
  if (fulfillment === 'shipping' && !input.address) {
    throw new Invalid('invalid_input', 'Enter where to ship the order.', {
      fields: { 'account.address': 'Enter where to ship the order.' },
    });
  }
  return {
    accountId: account.id,
    accountName: account.name,
    terms: account.terms,
    creditLimitCents: account.credit_limit_cents,
    taxExempt: account.tax_exempt && account.certificate !== null,
    email: input.email.trim(),
    poNumber: input.poNumber,
    name: input.name,
    address: fulfillment === 'shipping' ? (input.address ?? null) : null,
  };
}

/** What the account owes now: the balances of its placed orders (total − paid + refunded, each ≥ 0). */
export async function owedOnAccount(db: Kysely<Database>, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(
      sql<number>`coalesce(sum(greatest(0, orders.total_cents + orders.refunded_cents - coalesce(
        (select sum(p.amount_cents) from order_payments p where p.order_id = orders.id), 0))), 0)::int`.as('owed'),
    )
    .where('account_id', '=', accountId)
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow();
  return row.owed;
}

/**
 * 409 when an order of `totalCents` would take the account past its credit limit. The words
 * say neither what is owed nor the limit: anyone may type an account's address.
 */
export function refuseOverLimit(owedCents: number, totalCents: number, limitCents: number): void {
  if (owedCents + totalCents <= limitCents) return;
  throw new Conflict(
    'over_credit_limit',
    `This order of ${formatUsd(totalCents)} is more than we can bill to this account now. Pay by card, or call us and we will sort it out.`,
  );
}

/**
 * Inside the checkout's transaction: the pending order becomes an unconfirmed order on account
 * (its account, PO, buyer's name and shipping address) and the confirmation e-mail is queued to
 * the address, with a link that opens for as long as the order holds its stock.
 */
export async function holdForConfirmation(
  trx: Kysely<Database>,
  orderId: string,
  buyer: AccountBuyer,
  totalCents: number,
  shippingCents: number,
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({
      account_id: buyer.accountId,
      po_number: buyer.poNumber,
      customer_name: buyer.name,
      email: sql<string>`coalesce(discount_email, ${buyer.email})`,
    })
    .where('id', '=', orderId)
    .execute();
  if (buyer.address) {
    await trx
      .insertInto('order_shipping')
      .values({
        order_id: orderId,
        name: buyer.name,
        address_line1: buyer.address.line1,
        address_line2: buyer.address.line2 || null,
        city: buyer.address.city,
        state: buyer.address.state,
        postal_code: buyer.address.postalCode,
        country: 'US',
        shipping_amount_cents: shippingCents,
      })
      .execute();
  }
  await enqueueMail(trx, {
    template: 'account-order-confirm',
    to: buyer.email,
    values: {
      customerName: buyer.name,
      orderNumber: orderNumber(orderId),
      total: formatUsd(totalCents),
      accountName: buyer.accountName,
      poNumber: buyer.poNumber,
      confirmUrl: accountOrderUrl(orderId),
    },
  });
}

/** The page that confirms an unconfirmed order on account. */
export const accountOrderUrl = (orderId: string, origin = shopOrigin()) =>
  `${origin}/account-orders/${signLink('account-order', orderId)}`;
