import type { Context } from '@netlify/functions';

type NetlifyHandler = (req: Request, context: Context) => Promise<Response>;

let visitors = 0;

/**
 * A new client address (198.18.0.0/15, set aside for benchmarks): per-client throttles and the
 * bound on open checkouts count by address, so a test that does not name one is a new visitor.
 */
export function newVisitorIp(): string {
  visitors++;
  return `198.${18 + ((visitors >> 16) & 1)}.${(visitors >> 8) & 255}.${visitors & 255}`;
}

/**
 * Calls a Netlify function module the way the platform does: a web Request plus a context.
 * Without `ip` each call comes from a new visitor (newVisitorIp).
 */
export async function callFunction(
  handler: NetlifyHandler,
  path: string,
  init: RequestInit & { params?: Record<string, string>; ip?: string } = {},
): Promise<Response> {
  const { params = {}, ip = newVisitorIp(), ...requestInit } = init;
  const url = new URL(path, 'http://localhost:4321');
  const context = { params, ip, url, requestId: 'test', site: { url: url.origin } } as unknown as Context;
  return handler(new Request(url, requestInit), context);
}
