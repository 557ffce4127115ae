import { credentialsRefused, rateLimited, supplierDown, supplierTimedOut } from './supplier-errors.ts';

/** Who is being asked, for the words of an error: the supplier's name and the settings to check. */
export interface SupplierCaller {
  label: string;
  /** The settings that hold its credentials, e.g. "SS_ACCOUNT_NUMBER and SS_API_KEY". */
  settings: string;
  timeoutMs: number;
  fetcher?: typeof fetch;
}

export interface SupplierAnswer {
  status: number;
  text: string;
}

/** Seconds of a Retry-After header (seconds or an HTTP date), at least 1; 60 when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number {
  if (!header) return 60;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return Math.max(1, Math.ceil(seconds));
  const at = Date.parse(header);
  return Number.isNaN(at) ? 60 : Math.max(1, Math.ceil((at - now) / 1000));
}

/**
 * One request to a supplier with the shop's own fetch, bounded by `timeoutMs` (answer and body).
 * 401/403, 429 and 5xx become the supplier errors of ./supplier-errors.ts; other statuses come back
 * with the body for the adapter to read (a 404, a 400 with the supplier's reasons, a SOAP fault
 * when `keep5xx`). The URL and headers never reach an error or a log: they may hold credentials.
 */
export async function askSupplier(
  caller: SupplierCaller,
  url: string,
  init: RequestInit,
  options: { keep5xx?: boolean } = {},
): Promise<SupplierAnswer> {
  const fetcher = caller.fetcher ?? fetch;
  let status: number;
  let text: string;
  let retryAfter: string | null;
  try {
    const res = await fetcher(url, { ...init, signal: AbortSignal.timeout(caller.timeoutMs) });
    status = res.status;
    retryAfter = res.headers.get('retry-after');
    text = await res.text();
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') throw supplierTimedOut(caller.label, caller.timeoutMs);
    throw supplierDown(caller.label);
  }
  if (status === 401 || status === 403) throw credentialsRefused(caller.label, caller.settings);
  if (status === 429) throw rateLimited(caller.label, retryAfterSeconds(retryAfter));
  if (status >= 500 && !options.keep5xx) throw supplierDown(caller.label);
  return { status, text };
}
