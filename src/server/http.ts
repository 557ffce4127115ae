import type { ApiErrorBody, ErrorLine } from '../lib/api-error.ts';
import { isUnreachable } from './db/outage.ts';
import { isForeignOrigin, withSecurityHeaders } from './security/api-headers.ts';

/** Headers every API answer carries: API data is never cached by browsers or the CDN. */
const API_HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } as const;

export function json(data: unknown, status = 200, headers: Record<string, string> = {}) {
  return Response.json(data, { status, headers: { ...API_HEADERS, ...headers } });
}

/** An error a caller can act on: carries its HTTP status and a stable code. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string>;
  /** The cart lines a conflict is about (see ErrorLine). */
  readonly lines: ErrorLine[] | undefined;
  constructor(
    status: number,
    code: string,
    message: string,
    extra: { fields?: Record<string, string>; headers?: Record<string, string>; lines?: ErrorLine[] } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = extra.fields;
    this.headers = extra.headers ?? {};
    this.lines = extra.lines;
  }
}

export function errorResponse(error: HttpError) {
  const body: ApiErrorBody = { error: { code: error.code, message: error.message } };
  if (error.fields) body.error.fields = error.fields;
  if (error.lines) body.error.lines = error.lines;
  return json(body, error.status, error.headers);
}

/** True for errors that mean "the database (or another provider) cannot be reached right now". */
export function isUnavailable(error: unknown): boolean {
  if (isUnreachable(error)) return true;
  const message = error instanceof Error ? error.message : '';
  return /PGlite is closed|connection terminated|too many clients/i.test(message);
}

type Handler<C> = (req: Request, context: C) => Promise<Response>;

export const crossOrigin = () =>
  new HttpError(403, 'cross_origin', 'The shop’s API only answers the shop’s own pages.');

/**
 * Wraps a function body: requests from another site's pages are refused, HttpErrors become their
 * JSON answer, outages 503, the rest 500; every answer gets the API's security headers.
 */
export function handle<C>(fn: Handler<C>): Handler<C> {
  return async (req, context) => withSecurityHeaders(await answer(fn, req, context));
}

async function answer<C>(fn: Handler<C>, req: Request, context: C): Promise<Response> {
  try {
    if (isForeignOrigin(req)) throw crossOrigin();
    return await fn(req, context);
  } catch (error) {
    if (error instanceof HttpError) return errorResponse(error);
    if (isUnavailable(error)) {
      console.error('[api] provider unavailable:', error);
      return errorResponse(
        new HttpError(503, 'unavailable', 'The shop is briefly unavailable. Please try again in a moment.', {
          headers: { 'retry-after': '5' },
        }),
      );
    }
    console.error('[api] unexpected error:', error);
    return errorResponse(new HttpError(500, 'internal', 'Something went wrong on our side.'));
  }
}
