import type * as z from 'zod/mini';
import { type DomainError, Invalid } from '../errors.ts';
import { headersOf, statusOf } from '../http.ts';
import { type FormContext, type FormDefinition, submitForm } from './endpoint.ts';

/**
 * What a form's page (rendered per request) shows for a plain form post, made without
 * JavaScript: the form was taken (`reply`: a reference number), or it is refused and shown again
 * with what was typed (`values`), a message per refused field (`fields`), and `problem` when the
 * refusal is not about a field (throttled, another site's post, an outage). A GET goes back to
 * the page that holds the form.
 */
export type FormPageOutcome =
  | { kind: 'redirect'; status: 303; location: string }
  | { kind: 'sent'; status: 200; reply: Record<string, string> }
  | {
      kind: 'refused';
      status: number;
      headers: Record<string, string>;
      values: Record<string, string>;
      fields: Record<string, string>;
      problem: DomainError | null;
    };

export async function formPageRequest<S extends z.ZodMiniType>(
  form: FormDefinition<S>,
  req: Request,
  context: FormContext,
  formPage: string,
): Promise<FormPageOutcome> {
  if (req.method !== 'POST') return { kind: 'redirect', status: 303, location: formPage };
  const outcome = await submitForm(form, req, context);
  if (outcome.ok) return { kind: 'sent', status: 200, reply: outcome.reply };
  const { error } = outcome;
  const values = Object.fromEntries(
    Object.entries(outcome.values).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return {
    kind: 'refused',
    status: statusOf(error),
    headers: headersOf(error),
    values,
    fields: error.fields ?? {},
    problem: error instanceof Invalid ? null : error,
  };
}

/**
 * Netlify's context (the adapter's `locals.netlify.context`) or the local server's, for a form
 * page: `astro` is the page's `Astro`, whose clientAddress is read only without Netlify's.
 */
export function pageFormContext(astro: { locals: unknown; readonly clientAddress: string }): FormContext {
  const { netlify, waitUntil } = astro.locals as {
    waitUntil?: (promise: Promise<unknown>) => void;
    netlify?: { context?: { ip?: string; waitUntil?: (promise: Promise<unknown>) => void } };
  };
  return {
    ip: netlify?.context?.ip ?? (astro.clientAddress || undefined),
    waitUntil: netlify?.context?.waitUntil ?? waitUntil,
  };
}

/** What of a page's `Astro` a form page uses. */
interface FormPageAstro {
  request: Request;
  locals: unknown;
  readonly clientAddress: string;
  response: { status?: number; headers: Headers };
}

/**
 * formPageRequest for the page `astro`: the redirect as a Response for the page to return, or
 * the outcome to render, its status and headers (Retry-After) set on the page's answer.
 */
export async function formPage<S extends z.ZodMiniType>(
  form: FormDefinition<S>,
  astro: FormPageAstro,
  formPath: string,
): Promise<Response | Exclude<FormPageOutcome, { kind: 'redirect' }>> {
  const outcome = await formPageRequest(form, astro.request, pageFormContext(astro), formPath);
  if (outcome.kind === 'redirect') {
    return new Response(null, { status: outcome.status, headers: { location: outcome.location } });
  }
  astro.response.status = outcome.status;
  if (outcome.kind === 'refused')
    for (const [name, value] of Object.entries(outcome.headers)) astro.response.headers.set(name, value);
  return outcome;
}
