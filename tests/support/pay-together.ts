import PayerPage from '../../src/pages/pay/[token].astro';
import TestPaymentPage from '../../src/pages/test-payment/[sessionId].astro';
import { signLink } from '../../src/server/links/signed-links.ts';
import { sessionIdOf } from './checkout.ts';
import { requestPage } from './on-demand-page.ts';

/**
 * The customer's pay-together page (issue #29) from the outside: the payer page behind its signed
 * link, its Pay as the form posts it (item_1, item_2, ... each naming an item), and the test
 * checkout page it sends them to.
 */
const ORIGIN = 'http://localhost:4321';

export const payerToken = (userId: string) => signLink('payer', userId);

export const payerPage = (token: string) => requestPage(PayerPage, `/pay/${token}`, { params: { token } });

/** Pay on the payer page for the chosen item keys ("request:<id>", "invoice:<order id>"). */
export function payTogether(token: string, keys: string[], origin = ORIGIN) {
  const body = new URLSearchParams(keys.map((key, index) => [`item_${index + 1}`, key]));
  return requestPage(PayerPage, `/pay/${token}`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
    params: { token },
  });
}

/** Pay, expecting the test checkout: answers its session id. */
export async function openTogether(token: string, keys: string[]): Promise<string> {
  const answer = await payTogether(token, keys);
  if (answer.status !== 303) throw new Error(`Pay answered ${answer.status}: ${await answer.text()}`);
  return sessionIdOf(answer.headers.get('location')!);
}

export const testPaymentPage = (sessionId: string) =>
  requestPage(TestPaymentPage, `/test-payment/${sessionId}`, { params: { sessionId } });

export const payTestPage = (sessionId: string) =>
  requestPage(TestPaymentPage, `/test-payment/${sessionId}`, {
    method: 'POST',
    headers: { origin: ORIGIN },
    params: { sessionId },
  });
