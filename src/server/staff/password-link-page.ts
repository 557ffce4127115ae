import type { Kysely } from 'kysely';
import { staffPasswordSchema } from '../../lib/admin-schemas/staff.ts';
import { db } from '../db/index.ts';
import type { Database } from '../db/types.ts';
import { DomainError, Invalid, MethodNotAllowed } from '../errors.ts';
import { parseForm, readSubmission } from '../form-body.ts';
import { asDomainError, crossOrigin, headersOf, statusOf } from '../http.ts';
import { isForeignOrigin } from '../security/api-headers.ts';
import { acceptInvitation, openInvitation } from './invitations.ts';
import { completePasswordReset, openPasswordReset } from './password-resets.ts';

export interface InvitationProblem {
  message: string;
  fields?: Record<string, string> | undefined;
}

/**
 * What a page that sets a password from an e-mailed link shows (the invitation's,
 * src/pages/staff/invitation/[token].astro, and the reset's, src/pages/staff/password-reset/[token].astro):
 * the form, the same 404 for every link that does not open (wrong, forged, expired or used: no
 * hint which), a problem page, or the password set.
 */
export type PasswordLinkPageOutcome = { status: number; headers?: Record<string, string> } & (
  | {
      kind: 'form';
      person: { name: string; email: string | null; roleName?: string };
      problem: InvitationProblem | null;
    }
  | { kind: 'done'; email: string | null }
  | { kind: 'not-found' }
  | { kind: 'problem'; message: string }
);
/** What an invitation's page shows. */
export type InvitationPageOutcome = PasswordLinkPageOutcome;

/** How one kind of link opens and sets a password. */
interface PasswordLink {
  open(db: Kysely<Database>, token: string): Promise<{ name: string; email: string | null; roleName?: string } | null>;
  set(db: Kysely<Database>, token: string, password: string): Promise<boolean>;
  /** The name its problems are logged under. */
  log: string;
}

const INVITATION: PasswordLink = { open: openInvitation, set: acceptInvitation, log: 'staff-invitation-page' };
const RESET: PasswordLink = { open: openPasswordReset, set: completePasswordReset, log: 'staff-password-reset-page' };

const notFound: PasswordLinkPageOutcome = { kind: 'not-found', status: 404 };

/** An invitation's page: GET shows the form; POST password + confirm sets the password once. */
export const invitationPageRequest = (req: Request, token: string) => passwordLinkPageRequest(req, token, INVITATION);

/** A password reset's page: the same form, once, for one hour; setting it signs the person out everywhere. */
export const resetPageRequest = (req: Request, token: string) => passwordLinkPageRequest(req, token, RESET);

/** GET shows the form; POST password + confirm sets the password once. Plain HTML forms; another site's post is refused. */
async function passwordLinkPageRequest(
  req: Request,
  token: string,
  link: PasswordLink,
): Promise<PasswordLinkPageOutcome> {
  try {
    if (isForeignOrigin(req)) throw crossOrigin();
    const database = await db();
    const person = await link.open(database, token);
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
      if (!(await link.set(database, token, answer.password))) return notFound;
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
    const problem = asDomainError(error, link.log);
    return { kind: 'problem', message: problem.message, status: statusOf(problem), headers: headersOf(problem) };
  }
}
