/**
 * What every function answer carries, set in code because Netlify's `_headers` never reaches
 * function responses: never cached, never sniffed or framed, no script, HSTS. A page a function
 * renders (form answers, the test checkout) brings its own stricter-for-it CSP, which is kept.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
  'content-security-policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
};

/** Adds the headers a response lacks; `Cache-Control: no-store` always. Redirects stay redirects. */
export function withSecurityHeaders(response: Response): Response {
  let headers: Headers = response.headers;
  try {
    headers.set('cache-control', 'no-store');
  } catch {
    // Response.redirect() and fetched responses have immutable headers: copy them.
    headers = new Headers(response.headers);
    headers.set('cache-control', 'no-store');
    response = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  return response;
}

/**
 * CORS: the API answers only the shop's own pages. A browser names the page's origin on every
 * cross-origin request (and on same-origin writes); another site's origin, or the opaque
 * "null" of sandboxed frames and file: pages, is refused. No request without Origin comes from
 * another site's page (servers, curl, Stripe's webhook), and no Access-Control-Allow-* header
 * is ever sent, so a foreign page can neither read an answer nor pass a preflight.
 */
export function isForeignOrigin(req: Request): boolean {
  const origin = req.headers.get('origin');
  if (origin === null) return false;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return true;
  }
  // Hosts, not origins: a TLS-terminating proxy in front may hand the function an http:// URL.
  return host !== new URL(req.url).host;
}
