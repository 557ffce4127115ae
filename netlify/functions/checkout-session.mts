import { orderDesigns } from '../../src/server/checkout/order-designs.ts';
import { orderReceipt } from '../../src/server/checkout/order-receipt.ts';
import { Invalid, NotFound, Unavailable } from '../../src/server/errors.ts';
import type { Config } from '@netlify/functions';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';
import { isEmbeddedSessionId } from '../../src/server/payments/embedded.ts';
import { paymentProvider, embeddedProvider } from '../../src/server/orders/payment-provider.ts';
import { PaymentUnavailableError } from '../../src/server/payments/provider.ts';

/** The success page's session lookup (no auth: the session id is the secret). */
export default handle(async (req: Request) => {
  const sessionId = new URL(req.url).searchParams.get('session_id')?.trim() ?? '';
  if (!sessionId || sessionId.length > 255) {
    throw new Invalid('invalid_input', 'Give the checkout session as ?session_id=.', {
      fields: { session_id: 'Required.' },
    });
  }
  const database = await db();
  // Test checkout sessions are our own orders and readable whichever provider is configured.
  const provider = isEmbeddedSessionId(sessionId) ? embeddedProvider(database) : paymentProvider(database);
  let session: Awaited<ReturnType<typeof provider.getSession>>;
  try {
    session = await provider.getSession(sessionId);
  } catch (error) {
    if (!(error instanceof PaymentUnavailableError)) throw error;
    console.error('[checkout] session lookup failed:', error);
    throw new Unavailable('payment_unavailable', 'The payment provider is briefly unavailable.', 5);
  }
  if (!session) throw new NotFound('not_found', 'There is no such checkout session.');
  // The shop's additions from its order: its receipt, its pieces, and what it prints when it prints anything.
  const [printing, receipt] = await Promise.all([orderDesigns(database, sessionId), orderReceipt(database, sessionId)]);
  const withReceipt = receipt ? { ...session, receipt } : session;
  if (!printing) return json(withReceipt);
  return json({
    ...withReceipt,
    pieces: printing.pieces,
    ...(printing.designs.length > 0 ? { designs: printing.designs } : {}),
  });
});

export const config: Config = { path: '/api/checkout/session', method: 'GET' };
