import type { Kysely } from 'kysely';
import { MAX_ARTWORK_BYTES, MAX_ARTWORK_MB } from '../../lib/artwork/artwork-schema.ts';
import { orderArtworkSchema } from '../../lib/orders/order-artwork-schema.ts';
import { type ProofAnswerInput, proofAnswerSchema } from '../../lib/orders/proof-answer-schema.ts';
import { db } from '../db/index.ts';
import type { Database } from '../db/types.ts';
import { DomainError, Invalid, MethodNotAllowed } from '../errors.ts';
import { type FileRule, parseForm, readSubmission, type Submission } from '../form-body.ts';
import { asDomainError, crossOrigin, headersOf, statusOf } from '../http.ts';
import { verifyLink } from '../links/signed-links.ts';
import { type DeliveryContext, deliverSoon } from '../mail/deliver.ts';
import { isForeignOrigin } from '../security/api-headers.ts';
import { checkRequestFile, forgetRequestFile, storeRequestFile } from '../forms/request-artwork.ts';
import { sendLocationArtwork } from './customer-artwork.ts';
import { type CustomerOrderView, customerOrderView } from './customer-view.ts';
import { answerProof } from './proofs.ts';
import { takePayment } from './payments/page-pay.ts';

/** Notices after the customer answered (the form posts back, then the page is shown again). */
export type PageNotice = 'approved' | 'changes' | 'artwork' | 'paid' | 'account' | null;

/** A refused answer, shown on the page again. */
export interface PageProblem {
  message: string;
  fields?: Record<string, string> | undefined;
  comment?: string;
  /** The print location whose artwork form the problem belongs to (a refused file). */
  target?: { itemId: string; location: string } | undefined;
}

/**
 * What the order page (src/pages/orders/[token].astro) shows for one request: the order, the
 * same "not found" page for every link that does not check out, a problem page (a request it
 * could not take), or a redirect after an accepted answer. `headers` go on the answer.
 */
export type OrderPageOutcome = { status: number; headers?: Record<string, string> } & (
  | { kind: 'order'; view: CustomerOrderView; token: string; notice: PageNotice; problem: PageProblem | null }
  | { kind: 'not-found' }
  | { kind: 'problem'; message: string }
  | { kind: 'redirect'; location: string }
);

/** Without script a missing location's file rides in the post (the script sends it to storage). */
const ARTWORK_FILE: FileRule = {
  fields: ['artwork'],
  maxBytes: MAX_ARTWORK_BYTES + 64 * 1024,
  tooLarge: `The file is larger than ${MAX_ARTWORK_MB} MB. Send a smaller file.`,
};

const notFound: OrderPageOutcome = { kind: 'not-found', status: 404 };

/**
 * The customer's order page behind a signed link (docs/decisions/0016-order-workflow.md): GET shows
 * it; POST is the proof answer (answer=approve, or answer=changes with a comment) or a missing location's artwork
 * (answer=artwork), then 303 back to the page. A link that does not check out, for any reason,
 * is the same 404 page; it opens one order only. Another site's page may not post here; a
 * refused answer shows the page again with the reason.
 */
export async function orderPageRequest(
  req: Request,
  token: string,
  delivery: DeliveryContext & { ip?: string | undefined },
): Promise<OrderPageOutcome> {
  try {
    if (isForeignOrigin(req)) throw crossOrigin();
    const orderId = verifyLink('order', token);
    if (!orderId) return notFound;
    const database = await db();
    if (req.method === 'GET' || req.method === 'HEAD') {
      const view = await customerOrderView(database, orderId);
      if (!view) return notFound;
      const done = new URL(req.url).searchParams.get('done');
      const notices = ['approved', 'changes', 'artwork', 'paid', 'account'] as const;
      const notice = notices.find((n) => n === done) ?? null;
      return { kind: 'order', status: 200, view, token, notice, problem: null };
    }
    if (req.method !== 'POST') throw new MethodNotAllowed(req.method, ['GET', 'POST']);
    const submission = await readSubmission(req, 16 * 1024, ARTWORK_FILE);
    if (submission.data['answer'] === 'artwork') {
      return await takeArtwork(database, orderId, token, submission, delivery.ip);
    }
    if (submission.data['answer'] === 'pay') {
      try {
        return {
          kind: 'redirect',
          status: 303,
          location: await takePayment(req, database, orderId, token, submission),
        };
      } catch (error) {
        return await refused(database, orderId, token, error, {});
      }
    }
    return await takeProofAnswer(database, orderId, token, submission, delivery);
  } catch (error) {
    const problem = asDomainError(error, 'order-page');
    return { kind: 'problem', message: problem.message, status: statusOf(problem), headers: headersOf(problem) };
  }
}

const redirect = (token: string, done: Exclude<PageNotice, null>): OrderPageOutcome => ({
  kind: 'redirect',
  status: 303,
  location: `/orders/${token}?done=${done}`,
});

/** The page again with the reason a domain error gives; anything else is thrown on. */
async function refused(
  database: Kysely<Database>,
  orderId: string,
  token: string,
  error: unknown,
  problem: Omit<PageProblem, 'message' | 'fields'>,
): Promise<OrderPageOutcome> {
  const view = await customerOrderView(database, orderId);
  if (!view || !(error instanceof DomainError)) throw error;
  return {
    kind: 'order',
    status: statusOf(error),
    view,
    token,
    notice: null,
    problem: { message: error.message, fields: error.fields, ...problem },
  };
}

async function takeProofAnswer(
  database: Kysely<Database>,
  orderId: string,
  token: string,
  { data }: Submission,
  delivery: DeliveryContext,
): Promise<OrderPageOutcome> {
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
    await deliverSoon(database, answered.mailIds, delivery);
  } catch (error) {
    return refused(database, orderId, token, error, { comment });
  }
  return redirect(token, answer === 'approve' ? 'approved' : 'changes');
}

/**
 * A missing print location's file (docs/decisions/0028-owner-and-receipts.md): refused on its own
 * form with the reason (the page again, 400/409/413/415), else 303 back to the page with a thank-you.
 */
async function takeArtwork(
  database: Kysely<Database>,
  orderId: string,
  token: string,
  { data, files }: Submission,
  address: string | undefined,
): Promise<OrderPageOutcome> {
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
      const file = await checkRequestFile(sent!, address);
      await storeRequestFile(file);
      try {
        await sendLocationArtwork(database, orderId, location, { file });
      } catch (error) {
        await forgetRequestFile(file);
        throw error;
      }
    }
  } catch (error) {
    return refused(database, orderId, token, error, { target });
  }
  return redirect(token, 'artwork');
}
