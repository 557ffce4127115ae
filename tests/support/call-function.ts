import type { Context } from '@netlify/functions';

type NetlifyHandler = (req: Request, context: Context) => Promise<Response>;

/** Calls a Netlify function module the way the platform does: a web Request plus a context. */
export async function callFunction(
  handler: NetlifyHandler,
  path: string,
  init: RequestInit & { params?: Record<string, string>; ip?: string } = {},
): Promise<Response> {
  const { params = {}, ip = '127.0.0.1', ...requestInit } = init;
  const url = new URL(path, 'http://localhost:4321');
  const context = { params, ip, url, requestId: 'test', site: { url: url.origin } } as unknown as Context;
  return handler(new Request(url, requestInit), context);
}
