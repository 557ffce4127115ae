import type { Config, Context } from '@netlify/functions';
import { db } from '../../src/server/db/index.ts';
import { handle } from '../../src/server/http.ts';
import { pageHeaders } from '../../src/server/forms/page-shell.ts';
import { verifyLink } from '../../src/server/links/signed-links.ts';
import { orderFileResponse } from '../../src/server/orders/order-files.ts';
import { renderLinkNotFound } from '../../src/server/forms/link-pages.ts';

/** A proof's or artwork's thumbnail or download on the customer's order page; only that order's files. */
export default handle(async (_req: Request, context: Context): Promise<Response> => {
  const orderId = verifyLink('order', context.params?.['token'] ?? '');
  const answer = orderId
    ? await orderFileResponse(await db(), orderId, context.params?.['id'] ?? '', context.params?.['what'] ?? '')
    : null;
  return answer ?? new Response(renderLinkNotFound(), { status: 404, headers: pageHeaders() });
});

export const config: Config = { path: '/orders/:token/files/:id/:what', method: 'GET' };
