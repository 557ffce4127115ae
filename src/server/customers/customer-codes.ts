import { type Kysely, sql } from 'kysely';
import { domainOf } from '../../lib/orders/business-accounts.ts';
import { shopDateTimeWords } from '../../lib/site/shop-time.ts';
import type { CodeDelivery } from '../auth/one-time-codes.ts';
import type { Database } from '../db/types.ts';
import { enqueueMail } from '../mail/outbox.ts';

/**
 * Whether the shop knows a customer address (issue 48): someone it has an order, a customer row
 * or a quote request of. One query on the lower(email) indexes. Used for codes (an unknown
 * address is sent nothing, and told nothing different) and on every session read (a removed
 * address's session opens nothing).
 */
export async function customerKnown(db: Kysely<Database>, email: string): Promise<boolean> {
  const { rows } = await sql<{ known: boolean }>`
    select exists (select 1 from users where lower(email) = ${email})
        or exists (select 1 from orders where lower(email) = ${email})
        or exists (select 1 from quote_requests where lower(email) = ${email})
        or exists (select 1 from business_accounts
                   where orders_shared and active and (email = ${email} or domain = ${domainOf(email) ?? ''})) as known
  `.execute(db);
  return rows[0]?.known === true;
}

/** A customer's sign-in code for My orders, through the outbox and its owner-editable template. */
export const customerCodeDelivery: CodeDelivery = {
  knows: customerKnown,
  async send(trx, { email, code, expiresAt }) {
    await enqueueMail(trx, {
      template: 'customer-sign-in-code',
      to: email,
      values: { code, expiresAt: shopDateTimeWords(expiresAt) },
    });
  },
};
