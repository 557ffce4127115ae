import type { Config, Context } from '@netlify/functions';
import { db } from '../../src/server/db/index.ts';
import { DomainError, MethodNotAllowed } from '../../src/server/errors.ts';
import { pageHeaders } from '../../src/server/forms/page-shell.ts';
import { readSubmission } from '../../src/server/forms/body.ts';
import { deliverSoon } from '../../src/server/mail/deliver.ts';
import { asDomainError, crossOrigin, statusOf } from '../../src/server/http.ts';
import { verifyLink } from '../../src/server/links/signed-links.ts';
import { customerOrderView } from '../../src/server/orders/customer-view.ts';
import { type PageNotice, renderLinkNotFound, renderOrderPage } from '../../src/server/orders/order-page.ts';
import { answerProof } from '../../src/server/orders/proofs.ts';
import { isForeignOrigin } from '../../src/server/security/api-headers.ts';

const page = (html: string, status = 200) => new Response(html, { status, headers: pageHeaders() });
const notFound = () => page(renderLinkNotFound(), 404);

/**
 * The customer's order page behind a signed link (issue #16): GET shows it; POST is the proof
 * answer (answer=approve, or answer=changes with a comment), then 303 back to the page. A link
 * that does not check out, for any reason, is the same 404 page; it opens one order only.
 */
export default async (req: Request, context: Context): Promise<Response> => {
  const token = context.params?.['token'] ?? '';
  const orderId = verifyLink('order', token);
  if (!orderId) return notFound();
  try {
    const database = await db();
    if (req.method === 'POST') {
      if (isForeignOrigin(req)) throw crossOrigin();
      const { data } = await readSubmission(req, 16 * 1024);
      const answer = data['answer'];
      const comment = typeof data['comment'] === 'string' ? data['comment'].slice(0, 2000) : '';
      if (answer !== 'approve' && answer !== 'changes') return notFound();
      try {
        const answered = await answerProof(database, orderId, answer === 'approve' ? { answer } : { answer, comment });
        await deliverSoon(database, answered.mailIds, context);
      } catch (error) {
        const view = await customerOrderView(database, orderId);
        if (!view || !(error instanceof DomainError)) throw error;
        return page(
          renderOrderPage(view, token, null, { message: error.message, fields: error.fields, comment }),
          statusOf(error),
        );
      }
      const done: PageNotice = answer === 'approve' ? 'approved' : 'changes';
      return new Response(null, {
        status: 303,
        headers: { ...pageHeaders(), location: `/orders/${token}?done=${done}` },
      });
    }
    if (req.method !== 'GET') throw new MethodNotAllowed(req.method, ['GET', 'POST']);
    const view = await customerOrderView(database, orderId);
    if (!view) return notFound();
    const done = new URL(req.url).searchParams.get('done');
    return page(renderOrderPage(view, token, done === 'approved' || done === 'changes' ? done : null));
  } catch (error) {
    const problem = asDomainError(error, 'order-page');
    return new Response(problem.message, {
      status: statusOf(problem),
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
};

export const config: Config = { path: '/orders/:token', method: ['GET', 'POST'] };
