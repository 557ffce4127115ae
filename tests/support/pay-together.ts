import { signLink } from '../../src/server/links/signed-links.ts';
import { type PayerPageOutcome, payerPageRequest } from '../../src/server/orders/payments/payer-page-request.ts';
import { sessionIdOf } from './checkout.ts';

/**
 * The customer's pay-together page (docs/decisions/0029-deposits.md) from the outside: the payer link, and its Pay as
 * the form posts it (item_1, item_2, ... each naming an item). tests/support/pay-together-pages.ts
 * renders the pages themselves.
 */
export const ORIGIN = 'http://localhost:4321';

export const payerToken = (userId: string) => signLink('payer', userId);

/** The Pay form's body for the chosen item keys ("request:<id>", "invoice:<order id>"). */
export const payBody = (keys: string[]) =>
  new URLSearchParams(keys.map((key, index) => [`item_${index + 1}`, key])).toString();

/** Pay on the payer page, as its form posts it: answers the page's outcome. */
export function payOnPayerPage(token: string, keys: string[]): Promise<PayerPageOutcome> {
  const req = new Request(`${ORIGIN}/pay/${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    body: payBody(keys),
  });
  return payerPageRequest(req, token);
}

/** Pay, expecting a payment page: answers its session id. */
export async function openTogether(token: string, keys: string[]): Promise<string> {
  const outcome = await payOnPayerPage(token, keys);
  if (outcome.kind !== 'redirect') throw new Error(`Pay answered ${outcome.status}: ${JSON.stringify(outcome)}`);
  return sessionIdOf(outcome.location);
}
