import type { KyInstance } from 'ky';
import { ADMIN_TOKEN_STORAGE_KEY } from '../lib/admin-schemas/auth.ts';
import { ApiError, ApiTimeoutError, createHttp, mapErrors, networkError } from '../lib/browser/http.ts';
import { keepDraft } from './draft.ts';
import { $loginMessage, navigate } from './stores.ts';

export { ApiError };

export const SESSION_ENDED = 'Your session ended. Sign in again; your unsaved changes are kept.';

export const getToken = () => localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY);
export const setToken = (token: string) => localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, token);
export const clearToken = () => localStorage.removeItem(ADMIN_TOKEN_STORAGE_KEY);

/** A 401 has been handled (token cleared, draft kept, login shown); callers just stop. */
export class SessionEndedError extends Error {
  override readonly name = 'SessionEndedError';
}

function endSession() {
  keepDraft();
  clearToken();
  $loginMessage.set(SESSION_ENDED);
  navigate('login');
}

export type Query = Record<string, string | number | undefined | null>;

let instance: KyInstance | undefined;

/** Where a 401 means "not signed in by this", not "your session ended". */
const SIGN_IN_PATHS = ['/api/admin/login', '/api/staff/passkey/sign-in', '/api/staff/sign-in-code'];

/**
 * The admin's ky instance, made on first use against this page's origin. A 401 on anything but
 * the login itself ends the session; the error thrown there stops the caller.
 */
const http = () =>
  (instance ??= createHttp({
    prefix: new URL('/api/', location.origin).href,
    timeout: 20_000,
    retry: false,
    token: getToken,
    onUnauthorized(request) {
      if (SIGN_IN_PATHS.includes(new URL(request.url).pathname)) return;
      endSession();
      throw new SessionEndedError(SESSION_ENDED);
    },
  }));

const searchParams = (query?: Query) =>
  Object.fromEntries(
    Object.entries(query ?? {})
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );

/** The admin shows a timeout as it shows no answer at all (its screens know ApiError only). */
const noTimeoutError = <T>(request: () => Promise<T>, fallbackMessage?: string) =>
  mapErrors(request, fallbackMessage).catch((error: unknown) => {
    throw error instanceof ApiTimeoutError ? networkError() : error;
  });

function call<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  return noTimeoutError(async () => {
    const response = await http()(path.replace(/^\//, ''), {
      method,
      headers: { accept: 'application/json' },
      searchParams: searchParams(query),
      ...(body === undefined ? {} : { json: body }),
    });
    return (response.status === 204 ? null : await response.json().catch(() => null)) as T;
  });
}

/** A file the API answers (CSV export, PDF): fetched with the token, handed back as a Blob. */
function download(path: string, query?: Query): Promise<Blob> {
  return noTimeoutError(
    () =>
      http()
        .get(path.replace(/^\//, ''), { searchParams: searchParams(query), timeout: false })
        .blob(),
    'The file could not be made. Please try again.',
  );
}

export const api = {
  download,
  get: <T>(path: string, query?: Query) => call<T>('GET', path, undefined, query),
  post: <T>(path: string, body: unknown, query?: Query) => call<T>('POST', path, body, query),
  put: <T>(path: string, body: unknown) => call<T>('PUT', path, body),
  del: <T>(path: string) => call<T>('DELETE', path),
};

/** Seconds to wait after a 429, from Retry-After when the server sent it. */
export function retryAfterSeconds(error: unknown): number | null {
  const value = (error as { retryAfter?: number }).retryAfter;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
