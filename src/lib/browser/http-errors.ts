import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import { type ErrorLine, parseErrorBody } from '../api-error.ts';

/** A non-2xx answer, read from our JSON error body (DESIGN.md rule 4); status 0 = no answer at all. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** The cart lines a 409 from checkout is about. */
  readonly lines: ErrorLine[] | undefined;
  /** Seconds the server asked to wait (its Retry-After header), e.g. after a 429. */
  retryAfter?: number;
  constructor(status: number, code: string, message: string, fields?: Record<string, string>, lines?: ErrorLine[]) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.lines = lines;
  }
}

/** The server did not answer within the timeout (kept apart from ApiError, as docs/decisions/spec-rules.md#s7 asks). */
export class ApiTimeoutError extends Error {
  override readonly name = 'ApiTimeoutError';
  constructor(message = 'The shop took too long to answer. Please try again.') {
    super(message);
  }
}

export const GENERIC_MESSAGE = 'Something went wrong. Please try again.';

/** No answer at all: the request never reached the shop or the connection dropped. */
export const networkError = () =>
  new ApiError(0, 'network_error', 'We could not reach the shop. Check your connection and try again.');

/** An answer with a failing status, from its body (text or parsed) and headers. */
export function errorOfResponse(response: Response, body: unknown, fallbackMessage = GENERIC_MESSAGE): ApiError {
  const { status } = response;
  const { code, message, fields, lines } = parseErrorBody(body);
  const error = new ApiError(status, code ?? `http_${status}`, message ?? fallbackMessage, fields, lines);
  const retryAfter = response.headers.get('retry-after');
  if (retryAfter) error.retryAfter = Number(retryAfter);
  return error;
}

/** Maps whatever ky threw to ApiError / ApiTimeoutError; anything else is passed through. */
export function toApiError(error: unknown, fallbackMessage = GENERIC_MESSAGE): unknown {
  if (isTimeoutError(error)) return new ApiTimeoutError();
  if (isHTTPError(error)) return errorOfResponse(error.response, error.data, fallbackMessage);
  if (isNetworkError(error)) return networkError();
  return error;
}

/** The text to show a person for a failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof ApiTimeoutError) return error.message;
  return GENERIC_MESSAGE;
}
