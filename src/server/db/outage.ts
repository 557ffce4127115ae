/**
 * Which database errors mean "the database cannot be used right now" (answer 503, try again)
 * rather than "this statement is wrong" (a bug, 500, or a constraint, 4xx).
 */

/** Socket and driver codes (Node, postgres.js): the connection is gone or never came up. */
const SOCKET_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs the server ends or refuses a session with: admin_shutdown (a restart or failover),
 * crash_shutdown, cannot_connect_now (starting up or shutting down), and class 08, connection
 * exceptions.
 */
const SESSION_ENDED = /^(57P0[123]|08[0-9A-Z]{3})$/;

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** admin_shutdown or crash_shutdown: FATALs that end the session that receives them. */
export function isStaleFatal(error: unknown): boolean {
  const code = codeOf(error);
  return code === '57P01' || code === '57P02';
}

/** The session is gone: nothing more can be sent on it (its transaction is over, uncommitted). */
export function isSessionLost(error: unknown): boolean {
  const code = codeOf(error);
  return code !== undefined && (SOCKET_CODES.has(code) || SESSION_ENDED.test(code));
}

/** The database cannot be used right now: the session is lost, or no new one is accepted. */
export function isUnreachable(error: unknown): boolean {
  return isSessionLost(error) || codeOf(error) === '53300'; // too_many_connections
}

/**
 * An outage, as the database layer raises it (the original error is its cause). Its code is
 * one that `isUnavailable` in src/server/http.ts answers with 503 and Retry-After.
 */
export class DatabaseUnavailableError extends Error {
  readonly code = 'CONNECTION_CLOSED';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * postgres.js keeps the FATAL a server sent while a statement was running (57P01 when it shuts
 * down) past the connection's end, and fails the first request on the reopened connection with
 * it: the statement was never sent. Such a rejection is tried once more; a statement that was
 * really cut off by a shutdown fails with CONNECTION_CLOSED instead and is not repeated.
 */
export async function retryStale<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!isStaleFatal(error)) throw error;
    return attempt();
  }
}

/** The driver's error, or DatabaseUnavailableError when it means the database cannot be used now. */
export function asOutage(error: unknown): unknown {
  return isUnreachable(error) && !(error instanceof DatabaseUnavailableError)
    ? new DatabaseUnavailableError('The database cannot be reached right now.', { cause: error })
    : error;
}
