import type { Config, Context } from '@netlify/functions';
import { db } from '../../src/server/db/index.ts';
import { proofAnswerSchema, type ProofAnswerInput } from '../../src/lib/proof-answer-schema.ts';
import { DomainError, MethodNotAllowed } from '../../src/server/errors.ts';
import { parseForm, readSubmission } from '../../src/server/forms/body.ts';
import { asDomainError, handle, statusOf } from '../../src/server/http.ts';
import { verifyLink } from '../../src/server/links/signed-links.ts';
import { deliverSoon } from '../../src/server/mail/deliver.ts';
import { customerOrderView } from '../../src/server/orders/customer-view.ts';
import {
  orderPageHeaders,
  type PageNotice,
  renderLinkNotFound,
  renderOrderPage,
  renderProblemPage,
} from '../../src/server/orders/order-page.ts';
import { answerProof } from '../../src/server/orders/proofs.ts';

const page = (html: string, status = 200) => new Response(html, { status, headers: orderPageHeaders() });
const notFound = () => page(renderLinkNotFound(), 404);

/**
 * The customer's order page behind a signed link (issue #16): GET shows it; POST is the proof
 * answer (answer=approve, or answer=changes with a comment), then 303 back to the page. A link
 * that does not check out, for any reason, is the same 404 page; it opens one order only.
 * Another site's page is refused like everywhere (handle); a refused answer shows the page
 * again with the reason.
 */
export default handle(async (req: Request, context: Context): Promise<Response> => {
  const token = context.params?.['token'] ?? '';
  const orderId = verifyLink('order', token);
  if (!orderId) return notFound();
  try {
    const database = await db();
    if (req.method === 'GET') {
      const view = await customerOrderView(database, orderId);
      if (!view) return notFound();
      const done = new URL(req.url).searchParams.get('done');
      return page(renderOrderPage(view, token, done === 'approved' || done === 'changes' ? done : null));
    }
    if (req.method !== 'POST') throw new MethodNotAllowed(req.method, ['GET', 'POST']);
    const { data } = await readSubmission(req, 16 * 1024);
    const comment = typeof data['comment'] === 'string' ? data['comment'] : '';
    let answer: ProofAnswerInput['answer'];
    try {
      const parsed = parseForm(proofAnswerSchema, data);
      answer = parsed.answer;
      const artwork =
        parsed.artwork_id && parsed.owner_token
          ? { id: parsed.artwork_id.toLowerCase(), ownerToken: parsed.owner_token }
          : null;
      const answered = await answerProof(
        database,
        orderId,
        answer === 'approve' ? { answer } : { answer, comment, artwork },
      );
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
      headers: { ...orderPageHeaders(), location: `/orders/${token}?done=${done}` },
    });
  } catch (error) {
    const problem = asDomainError(error, 'order-page');
    return page(renderProblemPage(problem.message), statusOf(problem));
  }
});

export const config: Config = { path: '/orders/:token', method: ['GET', 'POST'] };
