import { db } from '../db/index.ts';
import { Forbidden, MethodNotAllowed } from '../errors.ts';
import { asDomainError, headersOf, statusOf } from '../http.ts';
import { isForeignOrigin } from '../security/api-headers.ts';
import { readSubmission } from '../form-body.ts';
import { isSubscriberToken, unsubscribe } from './newsletter.ts';

/**
 * What the unsubscribe page (src/pages/newsletter/unsubscribe.astro) shows: the confirmation
 * button for a known token, the done notice after its post, the same 404 for every token that
 * names nobody, or a request it could not take.
 */
export type UnsubscribeOutcome = { status: number; headers?: Record<string, string> } & (
  | { kind: 'confirm'; token: string }
  | { kind: 'done' }
  | { kind: 'unknown' }
  | { kind: 'problem'; message: string }
);

const unknown: UnsubscribeOutcome = { kind: 'unknown', status: 404 };

/**
 * The welcome e-mail's unsubscribe link. GET only shows a confirmation button, because mail
 * scanners open links; the button's POST (from this shop's page only) unsubscribes.
 */
export async function unsubscribeRequest(req: Request): Promise<UnsubscribeOutcome> {
  try {
    if (req.method === 'GET' || req.method === 'HEAD') {
      const token = new URL(req.url).searchParams.get('token') ?? '';
      return (await isSubscriberToken(await db(), token)) ? { kind: 'confirm', status: 200, token } : unknown;
    }
    if (req.method !== 'POST') throw new MethodNotAllowed(req.method, ['GET', 'POST']);
    if (isForeignOrigin(req)) throw new Forbidden('cross_site', 'Forms can only be sent from the shop’s own pages.');
    const { data } = await readSubmission(req, 2048);
    const token = typeof data['token'] === 'string' ? data['token'] : '';
    return (await unsubscribe(await db(), token)) ? { kind: 'done', status: 200 } : unknown;
  } catch (error) {
    const problem = asDomainError(error, 'newsletter-unsubscribe');
    return { kind: 'problem', message: problem.message, status: statusOf(problem), headers: headersOf(problem) };
  }
}
