import PayerPage from '../../src/pages/pay/[token].astro';
import TestPaymentPage from '../../src/pages/test-payment/[sessionId].astro';
import { requestPage } from './on-demand-page.ts';
import { ORIGIN, payBody } from './pay-together.ts';

/**
 * The payer page (docs/decisions/0029-deposits.md) and the test checkout it leads to, rendered as a
 * browser gets them.
 */
export const payerPage = (token: string) => requestPage(PayerPage, `/pay/${token}`, { params: { token } });

/** Pay on the rendered payer page for the chosen item keys. */
export const payTogether = (token: string, keys: string[], origin = ORIGIN) =>
  requestPage(PayerPage, `/pay/${token}`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: payBody(keys),
    params: { token },
  });

export const testPaymentPage = (sessionId: string) =>
  requestPage(TestPaymentPage, `/test-payment/${sessionId}`, { params: { sessionId } });

export const payTestPage = (sessionId: string) =>
  requestPage(TestPaymentPage, `/test-payment/${sessionId}`, {
    method: 'POST',
    headers: { origin: ORIGIN },
    params: { sessionId },
  });
