import { staffPasswordSchema } from '../../lib/admin-schemas/staff.ts';
import { db } from '../db/index.ts';
import { DomainError, Invalid, MethodNotAllowed } from '../errors.ts';
import { parseForm, readSubmission } from '../form-body.ts';
import { asDomainError, crossOrigin, headersOf, statusOf } from '../http.ts';
import { isForeignOrigin } from '../security/api-headers.ts';
import { acceptInvitation, openInvitation } from './invitations.ts';

export interface InvitationProblem {
  message: string;
  fields?: Record<string, string> | undefined;
}

/**
 * What an invitation's page (src/pages/staff/invitation/[token].astro) shows: the form to set a
 * password, the same 404 for every link that does not open (wrong, forged, expired or used: no
 * hint which), a problem page, or the password set.
 */
export type InvitationPageOutcome = { status: number; headers?: Record<string, string> } & (
  | {
      kind: 'form';
      person: { name: string; email: string | null; roleName: string };
      problem: InvitationProblem | null;
    }
  | { kind: 'done'; email: string | null }
  | { kind: 'not-found' }
  | { kind: 'problem'; message: string }
);

const notFound: InvitationPageOutcome = { kind: 'not-found', status: 404 };

/** GET shows the form; POST password + confirm sets the password once. Plain HTML forms; another site's post is refused. */
export async function invitationPageRequest(req: Request, token: string): Promise<InvitationPageOutcome> {
  try {
    if (isForeignOrigin(req)) throw crossOrigin();
    const database = await db();
    const person = await openInvitation(database, token);
    if (!person) return notFound;
    if (req.method === 'GET' || req.method === 'HEAD') return { kind: 'form', status: 200, person, problem: null };
    if (req.method !== 'POST') throw new MethodNotAllowed(req.method, ['GET', 'POST']);
    const { data } = await readSubmission(req, 4 * 1024);
    try {
      const answer = parseForm(staffPasswordSchema, data);
      if (answer.confirm !== answer.password) {
        throw new Invalid('invalid_input', 'The two passwords differ.', {
          fields: { confirm: 'Type the same password again.' },
        });
      }
      if (!(await acceptInvitation(database, token, answer.password))) return notFound;
      return { kind: 'done', status: 200, email: person.email };
    } catch (error) {
      if (!(error instanceof DomainError) || error instanceof MethodNotAllowed) throw error;
      return {
        kind: 'form',
        status: statusOf(error),
        person,
        problem: { message: error.message, fields: error.fields },
      };
    }
  } catch (error) {
    const problem = asDomainError(error, 'staff-invitation-page');
    return { kind: 'problem', message: problem.message, status: statusOf(problem), headers: headersOf(problem) };
  }
}
