import { deferPageScripts } from '../../deferred-loading/deferred-scripts.ts';
import { SITE_HEADERS } from './headers-file.ts';
import { pageCsp, pageNeeds } from './page-policy.ts';
import { siteSources } from './build-integration.ts';

/**
 * The headers of a page rendered per request (src/middleware.ts), the same a built page gets
 * from `_headers` (which never reaches a function's answer on Netlify): the site's headers and
 * the policy made from the page's own scripts by the rules of the build (page-policy.ts). Such a
 * page is never cached; one that shows one person's data keeps its address to itself.
 */
export async function withOnDemandPageHeaders(
  response: Response,
  { deferScripts = false }: { deferScripts?: boolean } = {},
): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(SITE_HEADERS)) if (!headers.has(name)) headers.set(name, value);
  headers.set('cache-control', 'no-store');
  // A signed link's page keeps its address (the token) to itself; a page anyone may open (the
  // search page, the one that defers its scripts) keeps the site's policy, as a built page does.
  if (!deferScripts) headers.set('referrer-policy', 'same-origin');
  if (!type.startsWith('text/html')) return new Response(response.body, { status: response.status, headers });
  // Deferred first: the policy then allows the loader by its hash, as the build's does.
  const html = deferScripts ? deferPageScripts(await response.text()) : await response.text();
  headers.set('content-security-policy', pageCsp(pageNeeds(html), siteSources(process.env)));
  headers.set('content-type', 'text/html; charset=utf-8');
  return new Response(html, { status: response.status, headers });
}

/**
 * A page rendered per request that anyone may open (the search page, not a signed link's) loads
 * its scripts after its first paint as a built page does (src/deferred-loading/deferred-scripts.ts):
 * it says so in its locals, and the middleware defers them.
 */
export function deferScriptsOfPage(locals: object): void {
  (locals as { deferScripts?: boolean }).deferScripts = true;
}

export function defersScripts(locals: unknown): boolean {
  return (locals as { deferScripts?: boolean } | undefined)?.deferScripts === true;
}
