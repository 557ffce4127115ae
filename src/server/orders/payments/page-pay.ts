import type { Kysely } from 'kysely';
import { isUuid } from '../../../lib/identifiers.ts';
import { checkoutUrls } from '../../links/urls.ts';
import type { Database } from '../../db/types.ts';
import { NotFound } from '../../errors.ts';
import type { Submission } from '../../form-body.ts';
import { paymentProvider } from '../payment-provider.ts';
import { openRequestCheckout } from './request-checkout.ts';

/**
 * Pay on the order page (docs/decisions/0029-deposits.md): the address of the payment page of the request named by
 * `request`, opened for exactly what it asks now; it returns to the order page. A request paid
 * or withdrawn meanwhile, or an order that owes nothing, throws the reason in words (the order
 * page shows it).
 */
export async function takePayment(
  req: Request,
  database: Kysely<Database>,
  orderId: string,
  token: string,
  { data }: Submission,
): Promise<string> {
  const requestId = typeof data['request'] === 'string' ? data['request'].toLowerCase() : '';
  if (!isUuid(requestId)) throw new NotFound('not_found', 'There is no such payment request on this order.');
  const { origin } = checkoutUrls(req);
  const page = `${origin}/orders/${token}`;
  return openRequestCheckout(database, paymentProvider(database), orderId, requestId, {
    origin,
    successUrl: `${page}?done=paid`,
    cancelUrl: page,
  });
}
