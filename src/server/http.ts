import type { ApiErrorBody } from '../lib/api-error.ts';
import {
  DomainError,
  type DomainErrorKind,
  Failed,
  Forbidden,
  MethodNotAllowed,
  RetryLater,
  Unauthorized,
  Unavailable,
} from './errors.ts';
import { isUnreachable } from './db/outage.ts';
import { isForeignOrigin, withSecurityHeaders } from './security/api-headers.ts';

/** Headers every API answer carries: API data is never cached by browsers or the CDN. */
const API_HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } as const;

export function json(data: unknown, status = 200, headers: Record<string, string> = {}) {
  return Response.json(data, { status, headers: { ...API_HEADERS, ...headers } });
}

const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  throttled: 429,
  failed: 500,
  storage_full: 507,
  unavailable: 503,
};

/** The HTTP status of a domain error: the one table that maps them (DESIGN.md rule 4). */
export function statusOf(error: DomainError): number {
  return STATUS[error.kind];
}

/** The headers a domain error's answer carries (when to retry, how to sign in, what is allowed). */
export function headersOf(error: DomainError): Record<string, string> {
  if (error instanceof RetryLater) {
    return { 'retry-after': String(Math.max(1, Math.ceil(error.retryAfterSeconds))) };
  }
  if (error instanceof Unauthorized && error.challenge) return { 'www-authenticate': error.challenge };
  if (error instanceof MethodNotAllowed) return { allow: error.allow.join(', ') };
  return {};
}

export function errorResponse(error: DomainError) {
  const body: ApiErrorBody = { error: { code: error.code, message: error.message } };
  if (error.fields) body.error.fields = error.fields;
  if (error.lines) body.error.lines = error.lines;
  return json(body, statusOf(error), headersOf(error));
}

/**
 * Any error as the domain error to answer: a DomainError as it is, an unreachable provider as
 * Unavailable (503, retry in 5 s), anything else as Failed (500), logged under `label`.
 */
export function asDomainError(error: unknown, label: string): DomainError {
  if (error instanceof DomainError) return error;
  if (isUnavailable(error)) {
    console.error(`[${label}] provider unavailable:`, error);
    return new Unavailable('unavailable', 'The shop is briefly unavailable. Please try again in a moment.', 5);
  }
  console.error(`[${label}] unexpected error:`, error);
  return new Failed('internal', 'Something went wrong on our side.');
}

/** True for errors that mean "the database (or another provider) cannot be reached right now". */
export function isUnavailable(error: unknown): boolean {
  if (isUnreachable(error)) return true;
  const message = error instanceof Error ? error.message : '';
  return /PGlite is closed|connection terminated|too many clients/i.test(message);
}

type Handler<C> = (req: Request, context: C) => Promise<Response>;

export const crossOrigin = () => new Forbidden('cross_origin', 'The shop’s API only answers the shop’s own pages.');

/**
 * Wraps a function body: requests from another site's pages are refused, domain errors become
 * their JSON answer (statusOf, headersOf), outages 503, the rest 500; every answer gets the
 * API's security headers.
 */
export function handle<C>(fn: Handler<C>): Handler<C> {
  return async (req, context) => withSecurityHeaders(await answer(fn, req, context));
}

async function answer<C>(fn: Handler<C>, req: Request, context: C): Promise<Response> {
  try {
    if (isForeignOrigin(req)) throw crossOrigin();
    return await fn(req, context);
  } catch (error) {
    return errorResponse(asDomainError(error, 'api'));
  }
}
