import type { Config } from '@netlify/functions';
import { paymentRequestSchema } from '../../src/lib/admin-schemas/payment-request.ts';
import { adminFunction, notFound, pathId } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { deliverSoon } from '../../src/server/mail/deliver.ts';
import { previewPaymentRequest } from '../../src/server/orders/payments/payment-request-preview.ts';
import { createPaymentRequest } from '../../src/server/orders/payments/payment-requests.ts';
import { readJson } from '../../src/server/request.ts';

/**
 * The owner asks for money on an order (docs/decisions/0029-deposits.md): { kind: balance | share | amount,
 * share_percent?, amount_cents?, note? } stores the request and e-mails the customer the signed
 * link to their order page (201). 400 with the field for an amount the order does not owe, 409
 * for a cancelled order or one not paid at checkout; nothing is stored on a refusal.
 * `?preview=true` answers what the request would ask and the e-mail it would send (200), with
 * the same refusals, and stores and sends nothing (issue 44, item 6).
 */
export default adminFunction(async (req, { db, params, context, actor }) => {
  const id = pathId(params, 'order');
  if (!id) throw notFound('order', '');
  const input = await readJson(req, paymentRequestSchema, 4 * 1024);
  if (new URL(req.url).searchParams.get('preview') === 'true')
    return json(await previewPaymentRequest(db, id, input, actor));
  const { request, mailId } = await createPaymentRequest(db, id, input, actor);
  await deliverSoon(db, mailId ? [mailId] : [], context);
  return json(request, 201);
});

export const config: Config = { path: '/api/orders/:id/payment-requests', method: 'POST' };
