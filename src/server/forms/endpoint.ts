import { type DomainError, Forbidden, Invalid } from '../errors.ts';
import type { Kysely } from 'kysely';
import type * as z from 'zod/mini';
import { fieldErrors, HONEYPOT_FIELD } from '../../lib/forms/newsletter-schema.ts';
import { db as openDb } from '../db/index.ts';
import type { Database } from '../db/types.ts';
import { asDomainError, errorResponse, json } from '../http.ts';
import { isForeignOrigin, withSecurityHeaders } from '../security/api-headers.ts';
import { type DeliveryContext, deliverSoon } from '../mail/deliver.ts';
import { clientKey, enforceThrottle, type ThrottleRule } from '../throttle/throttle.ts';
import { type FileRule, readSubmission, type SubmittedFile } from '../form-body.ts';

/** What a form that went through tells the person, besides the mail to send. */
export interface Accepted {
  mailIds: string[];
  reply: Record<string, string>;
}

/** What of the platform's context a form submission uses: the client's address and `waitUntil`. */
export interface FormContext extends DeliveryContext {
  ip?: string | undefined;
}

export interface FormDefinition<S extends z.ZodMiniType> {
  /** Names the route in logs and in the throttle key (the JSON API and the page share one count). */
  route: string;
  schema: S;
  maxBytes: number;
  /** Files a form post may carry (multipart); without this, multipart is refused (415). */
  files?: FileRule;
  throttle: ThrottleRule;
  throttleMessage: string;
  /**
   * Stores the valid input; answers the outbox ids to send right away, or those and what the
   * answer tells the person (a reference number: in the JSON answer and on the success page).
   */
  accept(
    db: Kysely<Database>,
    input: z.infer<S>,
    req: Request,
    files: SubmittedFile[],
    context: FormContext,
  ): Promise<string[] | Accepted>;
}

/** A submission's outcome: taken (with the reply), or refused with what was sent, to show it again. */
export type FormOutcome =
  | { ok: true; reply: Record<string, string> }
  | { ok: false; error: DomainError; values: Record<string, unknown> };

/**
 * The one way a form is taken, by the JSON API (formEndpoint) and by the form's page when
 * JavaScript is off (formPageRequest): same origin only, body size capped, throttled per
 * client, honeypot submissions answered like real ones and dropped, validated with the form's
 * own schema, stored, then its mail sent best effort.
 */
export async function submitForm<S extends z.ZodMiniType>(
  form: FormDefinition<S>,
  req: Request,
  context: FormContext,
): Promise<FormOutcome> {
  let values: Record<string, unknown> = {};
  try {
    refuseCrossSite(req);
    const submission = await readSubmission(req, form.maxBytes, form.files);
    values = submission.data;
    const database = await openDb();
    await enforceThrottle(database, clientKey(context.ip, form.route), form.throttle, form.throttleMessage);
    const { [HONEYPOT_FIELD]: trap, ...fields } = submission.data;
    if (typeof trap === 'string' ? trap.trim() !== '' : trap !== undefined && trap !== null) {
      console.info(`[${form.route}] dropped a submission that filled the honeypot field`);
      return { ok: true, reply: {} };
    }
    const errors = fieldErrors(form.schema, fields);
    if (Object.keys(errors).length > 0) {
      throw new Invalid('invalid_input', 'Some fields are missing or invalid.', { fields: errors });
    }
    const input = form.schema.parse(fields) as z.infer<S>;
    const accepted = await form.accept(database, input, req, submission.files, context);
    const { mailIds, reply } = Array.isArray(accepted) ? { mailIds: accepted, reply: {} } : accepted;
    await deliverSoon(database, mailIds, context);
    return { ok: true, reply };
  } catch (caught) {
    return { ok: false, error: asDomainError(caught, form.route), values };
  }
}

/** The form's JSON API for the page's script: `{ ok: true, ...reply }` or the JSON error. */
export function formEndpoint<S extends z.ZodMiniType>(form: FormDefinition<S>) {
  return async (req: Request, context: FormContext): Promise<Response> => {
    const outcome = await submitForm(form, req, context);
    return withSecurityHeaders(outcome.ok ? json({ ok: true, ...outcome.reply }) : errorResponse(outcome.error));
  };
}

/**
 * A browser sends Origin with every POST; another site's form posting here (to sign a stranger
 * up, say) carries its own and is refused.
 */
function refuseCrossSite(req: Request) {
  if (isForeignOrigin(req)) {
    throw new Forbidden('cross_site', 'Forms can only be sent from the shop’s own pages.');
  }
}
