import { checkoutUrls } from '../../links/urls.ts';
import { db } from '../../db/index.ts';
import { DomainError, MethodNotAllowed } from '../../errors.ts';
import { readSubmission } from '../../form-body.ts';
import { asDomainError, crossOrigin, headersOf, statusOf } from '../../http.ts';
import { verifyLink } from '../../links/signed-links.ts';
import { paymentProvider } from '../payment-provider.ts';
import { isForeignOrigin } from '../../security/api-headers.ts';
import { openCombinedCheckout, parseItemKeys } from './combined-checkout.ts';
import { type PayerDebts, payerDebts } from './payer-debts.ts';

/** A refused Pay, shown on the page again. */
export interface PayerProblem {
  message: string;
  fields?: Record<string, string> | undefined;
}

/**
 * What the payer page (src/pages/pay/[token].astro, docs/decisions/0029-deposits.md) shows for one request: everything
 * the customer owes, the same "not found" page for every link that does not check out, a
 * problem page, or a redirect (to the payment page after Pay).
 */
export type PayerPageOutcome = { status: number; headers?: Record<string, string> } & (
  | { kind: 'debts'; debts: PayerDebts; paid: boolean; problem: PayerProblem | null }
  | { kind: 'not-found' }
  | { kind: 'problem'; message: string }
  | { kind: 'redirect'; location: string }
);

const notFound: PayerPageOutcome = { kind: 'not-found', status: 404 };

/** The chosen items of a Pay post: fields item_1, item_2, ... each naming one item. */
const chosenOf = (data: Record<string, unknown>) =>
  Object.entries(data)
    .filter(([name, value]) => /^item_\d{1,3}$/.test(name) && typeof value === 'string')
    .map(([, value]) => value as string);

/**
 * The customer's payer page behind a signed link (docs/decisions/0029-deposits.md): GET lists what they owe; POST pays
 * the chosen items together (one checkout session) and answers 303 to its payment page. A link
 * that does not check out, for any reason, is the same 404 page; another site's page may not
 * post here; a refused Pay shows the page again with the reason (400, 404 or 409).
 */
export async function payerPageRequest(req: Request, token: string): Promise<PayerPageOutcome> {
  try {
    if (isForeignOrigin(req)) throw crossOrigin();
    const userId = verifyLink('payer', token);
    if (!userId) return notFound;
    const database = await db();
    const debts = await payerDebts(database, userId);
    if (!debts) return notFound;
    if (req.method === 'GET' || req.method === 'HEAD') {
      const paid = new URL(req.url).searchParams.get('done') === 'paid';
      return { kind: 'debts', status: 200, debts, paid, problem: null };
    }
    if (req.method !== 'POST') throw new MethodNotAllowed(req.method, ['GET', 'POST']);
    const { data } = await readSubmission(req, 16 * 1024);
    try {
      const { origin } = checkoutUrls(req);
      const page = `${origin}/pay/${token}`;
      const location = await openCombinedCheckout(
        database,
        paymentProvider(database),
        userId,
        parseItemKeys(chosenOf(data)),
        {
          origin,
          successUrl: `${page}?done=paid`,
          cancelUrl: page,
        },
      );
      return { kind: 'redirect', status: 303, location };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const again = (await payerDebts(database, userId))!;
      return {
        kind: 'debts',
        status: statusOf(error),
        headers: headersOf(error),
        debts: again,
        paid: false,
        problem: { message: error.message, fields: error.fields },
      };
    }
  } catch (error) {
    const problem = asDomainError(error, 'payer-page');
    return { kind: 'problem', message: problem.message, status: statusOf(problem), headers: headersOf(problem) };
  }
}
