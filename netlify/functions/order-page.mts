import type { Config, Context } from '@netlify/functions';
import { db } from '../../src/server/db/index.ts';
import { MAX_ARTWORK_BYTES, MAX_ARTWORK_MB } from '../../src/lib/artwork-schema.ts';
import { orderArtworkSchema } from '../../src/lib/order-artwork-schema.ts';
import { proofAnswerSchema, type ProofAnswerInput } from '../../src/lib/proof-answer-schema.ts';
import { DomainError, Invalid, MethodNotAllowed } from '../../src/server/errors.ts';
import { type FileRule, parseForm, readSubmission, type Submission } from '../../src/server/forms/body.ts';
import { asDomainError, handle, statusOf } from '../../src/server/http.ts';
import { verifyLink } from '../../src/server/links/signed-links.ts';
import { deliverSoon } from '../../src/server/mail/deliver.ts';
import { customerOrderView } from '../../src/server/orders/customer-view.ts';
import { sendLocationArtwork } from '../../src/server/orders/customer-artwork.ts';
import { checkRequestFile, forgetRequestFile, storeRequestFile } from '../../src/server/quotes/request-artwork.ts';
import {
  orderPageHeaders,
  type PageNotice,
  renderLinkNotFound,
  renderOrderPage,
  renderProblemPage,
} from '../../src/server/orders/order-page.ts';
import { answerProof } from '../../src/server/orders/proofs.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/types.ts';

/** Without script a missing location's file rides in the post (the script sends it to storage). */
const ARTWORK_FILE: FileRule = {
  fields: ['artwork'],
  maxBytes: MAX_ARTWORK_BYTES + 64 * 1024,
  tooLarge: `The file is larger than ${MAX_ARTWORK_MB} MB. Send a smaller file.`,
};

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
      const notice = done === 'approved' || done === 'changes' || done === 'artwork' ? done : null;
      return page(renderOrderPage(view, token, notice));
    }
    if (req.method !== 'POST') throw new MethodNotAllowed(req.method, ['GET', 'POST']);
    const submission = await readSubmission(req, 16 * 1024, ARTWORK_FILE);
    const { data } = submission;
    if (data['answer'] === 'artwork') return await takeArtwork(database, orderId, token, submission);
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

/**
 * A missing print location's file (issue #28): refused on its own form with the reason (the page
 * again, 400/409/413/415), else 303 back to the page with a thank-you.
 */
async function takeArtwork(database: Kysely<Database>, orderId: string, token: string, { data, files }: Submission) {
  const target = {
    itemId: typeof data['item'] === 'string' ? data['item'] : '',
    location: typeof data['location'] === 'string' ? data['location'] : '',
  };
  try {
    const input = parseForm(orderArtworkSchema, data);
    if (files.length > 1)
      throw new Invalid('invalid_input', 'Send one file.', { fields: { artwork: 'Send one file.' } });
    const [sent] = files;
    const upload =
      input.artwork_id && input.owner_token
        ? { artworkId: input.artwork_id.toLowerCase(), ownerToken: input.owner_token }
        : null;
    if (!upload && !sent) {
      throw new Invalid('invalid_input', 'Choose the file to send.', {
        fields: { artwork: 'Choose the file to send.' },
      });
    }
    const location = { itemId: input.item, location: input.location };
    if (upload) await sendLocationArtwork(database, orderId, location, { upload });
    else {
      const file = await checkRequestFile(sent!);
      await storeRequestFile(file);
      try {
        await sendLocationArtwork(database, orderId, location, { file });
      } catch (error) {
        await forgetRequestFile(file);
        throw error;
      }
    }
  } catch (error) {
    const view = await customerOrderView(database, orderId);
    if (!view || !(error instanceof DomainError)) throw error;
    return page(
      renderOrderPage(view, token, null, { message: error.message, fields: error.fields, target }),
      statusOf(error),
    );
  }
  return new Response(null, {
    status: 303,
    headers: { ...orderPageHeaders(), location: `/orders/${token}?done=artwork` },
  });
}

export const config: Config = { path: '/orders/:token', method: ['GET', 'POST'] };
