import { db } from '../db/index.ts';
import { DomainError, MethodNotAllowed } from '../errors.ts';
import { parseForm, readSubmission } from '../form-body.ts';
import { z } from '../../lib/zod.ts';
import { asDomainError, crossOrigin, headersOf, statusOf } from '../http.ts';
import { verifyLink } from '../links/signed-links.ts';
import { isForeignOrigin } from '../security/api-headers.ts';
import { approveStore, extendStoreClose } from './organiser-actions.ts';
import { type OrganiserView, organiserView } from './organiser-view.ts';
import { requestStoreRebuild } from './store-rebuild.ts';

/** The page's two forms: Approve, and Extend the close with its days (checked by extendStoreClose). */
const answerSchema = z.strictObject({
  action: z.enum(['approve', 'extend'], 'Choose Approve or Extend the close.'),
  days: z.string().max(10).optional(),
});

export type OrganiserNotice = 'approved' | 'extended' | null;

/** A refused approval or extension, shown on the page again: its words, and the field it is about. */
export interface OrganiserProblem {
  message: string;
  fields?: Record<string, string> | undefined;
}

/**
 * What the organiser's page (src/pages/stores/organiser/[token].astro, docs/decisions/0030-team-stores.md) shows: the
 * store, the same "not found" page for every link that does not check out, a problem page, or a
 * redirect after an answer (post, redirect, get: a reload never posts twice).
 */
export type OrganiserPageOutcome = { status: number; headers?: Record<string, string> } & (
  | { kind: 'store'; view: OrganiserView; notice: OrganiserNotice; problem: OrganiserProblem | null }
  | { kind: 'not-found' }
  | { kind: 'problem'; message: string }
  | { kind: 'redirect'; location: string }
);

const notFound: OrganiserPageOutcome = { kind: 'not-found', status: 404 };

/**
 * GET shows the store; POST action=approve approves its proof, action=extend (days=1..3)
 * pushes its close back once. Works as plain HTML forms. Another site's post is refused.
 */
export async function organiserPageRequest(
  req: Request,
  token: string,
  { waitUntil }: { waitUntil?: ((p: Promise<unknown>) => void) | undefined } = {},
): Promise<OrganiserPageOutcome> {
  try {
    if (isForeignOrigin(req)) throw crossOrigin();
    const storeId = verifyLink('organiser', token);
    if (!storeId) return notFound;
    const database = await db();
    if (req.method === 'GET' || req.method === 'HEAD') {
      const view = await organiserView(database, storeId);
      if (!view) return notFound;
      const done = new URL(req.url).searchParams.get('done');
      const notice: OrganiserNotice = done === 'approved' || done === 'extended' ? done : null;
      return { kind: 'store', status: 200, view, notice, problem: null };
    }
    if (req.method !== 'POST') throw new MethodNotAllowed(req.method, ['GET', 'POST']);
    const { data } = await readSubmission(req, 4 * 1024);
    if (!(await organiserView(database, storeId))) return notFound;
    try {
      const answer = parseForm(answerSchema, data);
      if (answer.action === 'approve') await approveStore(database, storeId);
      else await extendStoreClose(database, storeId, answer.days);
      // The store's page opens (or shows its new close) once rebuilt; the answer does not wait for it.
      const rebuilt = requestStoreRebuild(storeId).catch((error: unknown) =>
        console.error(`[organiser-page] rebuild after store ${storeId} changed failed:`, error),
      );
      waitUntil?.(rebuilt);
      const done = answer.action === 'approve' ? 'approved' : 'extended';
      return { kind: 'redirect', status: 303, location: `/stores/organiser/${token}?done=${done}` };
    } catch (error) {
      const view = await organiserView(database, storeId);
      if (!view || !(error instanceof DomainError)) throw error;
      return {
        kind: 'store',
        status: statusOf(error),
        view,
        notice: null,
        problem: { message: error.message, fields: error.fields },
      };
    }
  } catch (error) {
    const problem = asDomainError(error, 'organiser-page');
    return { kind: 'problem', message: problem.message, status: statusOf(problem), headers: headersOf(problem) };
  }
}
