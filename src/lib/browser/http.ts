import ky, { type KyInstance, type Options } from 'ky';
import { toApiError } from './http-errors.ts';

export { ApiError, ApiTimeoutError, errorMessage, networkError, toApiError } from './http-errors.ts';

/**
 * The browser's HTTP client for /api (docs/decisions/spec-rules.md#s7 "HTTP client defaults"). ky's own defaults match
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

export interface HttpOptions {
  /** Defaults to /api/; tests point it at their own server. */
  prefix?: string;
  timeout?: number | false;
  /** false: no request is retried (the admin shows each failure, and its 429 wait, at once). */
  retry?: boolean;
  /** The bearer token, read as each request leaves (the admin's session). */
  token?: () => string | null;
  /** Called on a 401 before any error is made; what it throws is what the caller gets. */
  onUnauthorized?: (request: Request) => void;
}

/** The one ky instance factory: spec defaults, optional bearer token and 401 hook. */
export function createHttp(options: HttpOptions = {}): KyInstance {
  const { token, onUnauthorized } = options;
  return ky.create({
    ...HTTP_DEFAULTS,
    retry: options.retry === false ? 0 : { ...HTTP_DEFAULTS.retry, methods: [...HTTP_DEFAULTS.retry.methods] },
    prefix: options.prefix ?? '/api/',
    timeout: options.timeout ?? HTTP_DEFAULTS.timeout,
    // Hooks only when asked for: ky clones each response for an afterResponse hook.
    hooks: {
      beforeRequest: token
        ? [
            ({ request }) => {
              const value = token();
              if (value) request.headers.set('authorization', `Bearer ${value}`);
            },
          ]
        : [],
      afterResponse: onUnauthorized
        ? [
            ({ request, response }) => {
              if (response.status === 401) onUnauthorized(request);
            },
          ]
        : [],
    },
  });
}

/** Runs a ky call, raising ApiError / ApiTimeoutError instead of ky's errors. */
export async function mapErrors<T>(request: () => Promise<T>, fallbackMessage?: string): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw toApiError(error, fallbackMessage);
  }
}

export interface ApiClient {
  get<T>(path: string, searchParams?: Record<string, string>): Promise<T>;
  post<T>(path: string, json: unknown): Promise<T>;
}

export function createApiClient(options: { prefix?: string; timeout?: number } = {}): ApiClient {
  const client = createHttp(options);
  return {
    get<T>(path: string, searchParams?: Record<string, string>) {
      return mapErrors(() => client.get(path, searchParams ? { searchParams } : {}).json<T>());
    },
    post<T>(path: string, json: unknown) {
      return mapErrors(() => client.post(path, { json }).json<T>());
    },
  };
}

/** The shared client of the storefront islands and stores. */
export const api: ApiClient = createApiClient();
