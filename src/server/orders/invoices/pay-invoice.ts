import type { Kysely } from 'kysely';
import { balanceDue } from '../../../lib/orders/order-balance.ts';
import type { CheckoutUrls } from '../../links/urls.ts';
import { atomically } from '../../db/transaction.ts';
import type { Database } from '../../db/types.ts';
import { Conflict, NotFound } from '../../errors.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { lockPayableOrder } from '../payments/lock-payable.ts';
import { openRequestCheckout } from '../payments/request-checkout.ts';

/**
 * Pay online on an invoice (docs/decisions/0029-deposits.md): the invoice is paid through a request for its order's
 * balance, the open one if there is one, else a new one made here (no e-mail: the customer is
 * paying now). The payment page is then opened for exactly what is owed, as the order page's
 * Pay does, so a payment is recorded, reminded and refunded like any other. Answers the URL.
 */
export async function payInvoice(
  db: Kysely<Database>,
  provider: PaymentProvider,
  invoiceId: string,
  urls: CheckoutUrls,
): Promise<string> {
  const { orderId, requestId } = await atomically(db, async (trx) => {
    const invoice = await trx.selectFrom('invoices').select('order_id').where('id', '=', invoiceId).executeTakeFirst();
    if (!invoice) throw new NotFound('not_found', 'There is no such invoice.');
    const money = await lockPayableOrder(trx, invoice.order_id);
    if (balanceDue(money) === 0) {
      throw new Conflict('nothing_owed', 'This invoice is paid in full: there is nothing to pay.');
    }
    const open = await trx
      .selectFrom('payment_requests')
      .select('id')
      .where('order_id', '=', invoice.order_id)
      .where('status', '=', 'open')
      .where('kind', '=', 'balance')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    const request =
      open ??
      (await trx
        .insertInto('payment_requests')
        .values({ order_id: invoice.order_id, kind: 'balance' })
        .returning('id')
        .executeTakeFirstOrThrow());
    return { orderId: invoice.order_id, requestId: request.id };
  });
  return openRequestCheckout(db, provider, orderId, requestId, urls, 'invoice');
}
