import { ADMIN_TOKEN_STORAGE_KEY } from '../lib/admin-schemas/auth.ts';
import { ApiError } from '../lib/browser/http.ts';
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

async function call<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  const url = new URL(`/api/${path.replace(/^\//, '')}`, location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getToken();
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
  } catch {
    throw new ApiError(0, 'network_error', 'We could not reach the shop. Check your connection and try again.');
  }
  if (response.status === 401 && path !== 'admin/login') {
    endSession();
    throw new SessionEndedError(SESSION_ENDED);
  }
  const data: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null)
      ?.error;
    const retryAfter = response.headers.get('retry-after');
    const apiError = new ApiError(
      response.status,
      error?.code ?? `http_${response.status}`,
      error?.message ?? 'Something went wrong. Please try again.',
      error?.fields,
    );
    if (retryAfter) Object.assign(apiError, { retryAfter: Number(retryAfter) });
    throw apiError;
  }
  return data as T;
}

/** A file the API answers (CSV export): fetched with the token, handed back as a Blob. */
async function download(path: string, query?: Query): Promise<Blob> {
  const url = new URL(`/api/${path.replace(/^\//, '')}`, location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, 'network_error', 'We could not reach the shop. Check your connection and try again.');
  }
  if (response.status === 401) {
    endSession();
    throw new SessionEndedError(SESSION_ENDED);
  }
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiError(
      response.status,
      data?.error?.code ?? `http_${response.status}`,
      data?.error?.message ?? 'The file could not be made. Please try again.',
    );
  }
  return response.blob();
}

export const api = {
  download,
  get: <T>(path: string, query?: Query) => call<T>('GET', path, undefined, query),
  post: <T>(path: string, body: unknown) => call<T>('POST', path, body),
  put: <T>(path: string, body: unknown) => call<T>('PUT', path, body),
  del: <T>(path: string) => call<T>('DELETE', path),
};

/** Seconds to wait after a 429, from Retry-After when the server sent it. */
export function retryAfterSeconds(error: unknown): number | null {
  const value = (error as { retryAfter?: number }).retryAfter;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
