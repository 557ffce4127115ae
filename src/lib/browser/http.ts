import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyInstance, type Options } from 'ky';
import type { ApiErrorBody, ErrorLine } from '../api-error.ts';

/**
 * The browser's HTTP client for /api (spec §7 "HTTP client defaults"). ky's own defaults match
 * the spec today; they are spelled out so an upgrade of ky cannot change them silently.
 */
export const HTTP_DEFAULTS = {
  timeout: 10_000,
  retry: {
    limit: 2,
    methods: ['get', 'put', 'head', 'delete', 'options', 'trace'],
    statusCodes: [408, 413, 429, 500, 502, 503, 504],
    afterStatusCodes: [413, 429, 503],
    backoffLimit: Number.POSITIVE_INFINITY,
    // 0.3 s, 0.6 s, 1.2 s, …
    delay: (attempt: number) => 0.3 * 2 ** (attempt - 1) * 1000,
  },
} as const satisfies Options;

/** A non-2xx answer, read from our JSON error body (DESIGN.md rule 4); status 0 = no answer at all. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** The cart lines a 409 from checkout is about. */
  readonly lines: ErrorLine[] | undefined;
  constructor(status: number, code: string, message: string, fields?: Record<string, string>, lines?: ErrorLine[]) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.lines = lines;
  }
}

/** The server did not answer within the timeout (kept apart from ApiError, as spec §7 asks). */
export class ApiTimeoutError extends Error {
  override readonly name = 'ApiTimeoutError';
  constructor(message = 'The shop took too long to answer. Please try again.') {
    super(message);
  }
}

const GENERIC_MESSAGE = 'Something went wrong. Please try again.';

function isErrorBody(data: unknown): data is ApiErrorBody {
  const error = (data as Partial<ApiErrorBody> | null)?.error;
  return typeof error === 'object' && error !== null && typeof error.code === 'string';
}

/** Maps whatever ky threw to ApiError / ApiTimeoutError; anything else is passed through. */
export function toApiError(error: unknown): unknown {
  if (isTimeoutError(error)) return new ApiTimeoutError();
  if (isHTTPError(error)) {
    const { status } = error.response;
    if (isErrorBody(error.data)) {
      const { code, message, fields, lines } = error.data.error;
      return new ApiError(status, code, message || GENERIC_MESSAGE, fields, Array.isArray(lines) ? lines : undefined);
    }
    return new ApiError(status, `http_${status}`, GENERIC_MESSAGE);
  }
  if (isNetworkError(error)) {
    return new ApiError(0, 'network_error', 'We could not reach the shop. Check your connection and try again.');
  }
  return error;
}

export interface ApiClient {
  get<T>(path: string, searchParams?: Record<string, string>): Promise<T>;
  post<T>(path: string, json: unknown): Promise<T>;
}

/** `prefix` defaults to /api/; tests point it at their own server and may shorten the timeout. */
export function createApiClient(options: { prefix?: string; timeout?: number } = {}): ApiClient {
  const client: KyInstance = ky.create({
    ...HTTP_DEFAULTS,
    retry: { ...HTTP_DEFAULTS.retry, methods: [...HTTP_DEFAULTS.retry.methods] },
    prefix: options.prefix ?? '/api/',
    timeout: options.timeout ?? HTTP_DEFAULTS.timeout,
  });
  const call = async <T>(request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      throw toApiError(error);
    }
  };
  return {
    get<T>(path: string, searchParams?: Record<string, string>) {
      return call(() => client.get(path, searchParams ? { searchParams } : {}).json<T>());
    },
    post<T>(path: string, json: unknown) {
      return call(() => client.post(path, { json }).json<T>());
    },
  };
}

/** The shared client of the storefront islands and stores. */
export const api: ApiClient = createApiClient();

/** The text to show a person for a failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof ApiTimeoutError) return error.message;
  return GENERIC_MESSAGE;
}
