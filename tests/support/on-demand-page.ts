import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import { defersScripts, withOnDemandPageHeaders } from '../../src/server/security/on-demand-headers.ts';
import { newVisitorIp } from './call-function.ts';

let container: Promise<AstroContainer> | undefined;

/**
 * Requests a page rendered per request as a browser would, through Astro's Container API: the
 * page with its layout, its status and headers, and the headers src/middleware.ts adds (the
 * container runs no middleware). `params` are the route's; `ip` the client's address, as
 * Netlify's adapter hands it to a page (`locals.netlify.context.ip`), a new visitor without it.
 */
export async function requestPage(
  page: AstroComponentFactory,
  path: string,
  init: RequestInit & { params: Record<string, string>; ip?: string },
): Promise<Response> {
  const { params, ip, ...requestInit } = init;
  return renderPage(page, new Request(new URL(path, 'http://localhost:4321'), requestInit), params, ip);
}

/**
 * The answer of `page` to `request` (with the route's `params`), as requestPage. The container
 * makes its route from the request's path, literally (a long hostile path becomes too large a
 * regular expression), so the page is handed the same request at a fixed path: it reads its
 * address from `params` and the query, never the path.
 */
export async function renderPage(
  page: AstroComponentFactory,
  request: Request,
  params: Record<string, string>,
  ip = newVisitorIp(),
): Promise<Response> {
  container ??= AstroContainer.create();
  const url = new URL(request.url);
  const atFixedPath = new Request(new URL(`/page${url.search}`, url.origin), {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    duplex: 'half',
  } as RequestInit);
  const locals = { netlify: { context: { ip } } };
  const response = await (await container).renderToResponse(page, {
    request: atFixedPath,
    params,
    partial: false,
    locals,
  });
  return withOnDemandPageHeaders(response, { deferScripts: defersScripts(locals) });
}
