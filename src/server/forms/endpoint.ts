import { type DomainError, Forbidden, Invalid } from '../errors.ts';
import type { Kysely } from 'kysely';
import type * as z from 'zod/mini';
import { fieldErrors, HONEYPOT_FIELD } from '../../lib/newsletter-schema.ts';
import { db as openDb } from '../db/index.ts';
import type { Database } from '../db/types.ts';
import { asDomainError, errorResponse, headersOf, json, statusOf } from '../http.ts';
import { isForeignOrigin, withSecurityHeaders } from '../security/api-headers.ts';
import { type DeliveryContext, deliverSoon } from '../mail/deliver.ts';
import { clientKey, enforceThrottle, type ThrottleRule } from '../throttle/throttle.ts';
import { type FileRule, readSubmission, type SubmittedFile, submissionKind } from './body.ts';
import { pageHeaders } from './page-shell.ts';

/** What a form that went through tells the person, besides the mail to send. */
export interface Accepted {
  mailIds: string[];
  reply: Record<string, string>;
}

/** The parts of Netlify's context a form endpoint uses. */
export interface FormContext extends DeliveryContext {
  ip?: string | undefined;
}

export interface FormEndpoint<S extends z.ZodMiniType> {
  /** Names the route in logs and in the throttle key. */
  route: string;
  schema: S;
  maxBytes: number;
  /** Files a plain form post may carry (multipart); without this, multipart is refused (415). */
  files?: FileRule;
  throttle: ThrottleRule;
  throttleMessage: string;
  /**
   * Stores the valid input; answers the outbox ids to send right away, or those and what the
   * answer tells the person (a reference number: in the JSON answer and on the success page).
   */
  accept(db: Kysely<Database>, input: z.infer<S>, req: Request, files: SubmittedFile[]): Promise<string[] | Accepted>;
  /** The page a plain form post gets back (JavaScript off). */
  pages: {
    success(reply: Record<string, string>): string;
    /** `fields` are the schema's messages; `error` is set when the refusal is not about a field. */
    refused(values: Record<string, unknown>, fields: Record<string, string>, error?: DomainError): string;
  };
}

/**
 * One form endpoint, JSON for the page's script and HTML for a plain form post: same origin
 * only, body size capped, throttled per client, honeypot submissions answered like real ones
 * and dropped, validated with the form's own schema, stored, then its mail sent best effort.
 */
export function formEndpoint<S extends z.ZodMiniType>(endpoint: FormEndpoint<S>) {
  return async (req: Request, context: FormContext): Promise<Response> =>
    withSecurityHeaders(await answer(req, context));

  async function answer(req: Request, context: FormContext): Promise<Response> {
    const kind = submissionKind(req);
    // A multipart post is a page's form only where files are taken; elsewhere it is refused as JSON.
    const html = kind === 'form' || (kind === 'multipart' && endpoint.files !== undefined);
    let values: Record<string, unknown> = {};
    const success = (reply: Record<string, string> = {}) =>
      html
        ? new Response(endpoint.pages.success(reply), { status: 200, headers: pageHeaders() })
        : json({ ok: true, ...reply });
    try {
      refuseCrossSite(req);
      const submission = await readSubmission(req, endpoint.maxBytes, endpoint.files);
      values = submission.data;
      const database = await openDb();
      await enforceThrottle(
        database,
        clientKey(context.ip, endpoint.route),
        endpoint.throttle,
        endpoint.throttleMessage,
      );
      const { [HONEYPOT_FIELD]: trap, ...fields } = submission.data;
      if (typeof trap === 'string' ? trap.trim() !== '' : trap !== undefined && trap !== null) {
        console.info(`[${endpoint.route}] dropped a submission that filled the honeypot field`);
        return success();
      }
      const errors = fieldErrors(endpoint.schema, fields);
      if (Object.keys(errors).length > 0) {
        throw new Invalid('invalid_input', 'Some fields are missing or invalid.', { fields: errors });
      }
      const input = endpoint.schema.parse(fields) as z.infer<S>;
      const accepted = await endpoint.accept(database, input, req, submission.files);
      const { mailIds, reply } = Array.isArray(accepted) ? { mailIds: accepted, reply: {} } : accepted;
      await deliverSoon(database, mailIds, context);
      return success(reply);
    } catch (caught) {
      const error = asDomainError(caught, endpoint.route);
      if (!html) return errorResponse(error);
      const page = endpoint.pages.refused(values, error.fields ?? {}, error instanceof Invalid ? undefined : error);
      return new Response(page, { status: statusOf(error), headers: pageHeaders(headersOf(error)) });
    }
  }
}

/**
 * A browser sends Origin with every POST; another site's form posting here (to sign a stranger
 * up, say) carries its own and gets the refusal as a page, since a person may be reading it.
 */
function refuseCrossSite(req: Request) {
  if (isForeignOrigin(req)) {
    throw new Forbidden('cross_site', 'Forms can only be sent from the shop’s own pages.');
  }
}
