// The `context.cookies` of Netlify Functions: reads the request's Cookie header, records Set-Cookie.
export type CookieInit = {
  name: string;
  value: string;
  expires?: Date | number;
  maxAge?: number;
  domain?: string;
  path?: string;
  secure?: boolean;
  httpOnly?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
  unparsed?: string[];
};

export type DeleteCookieOptions = { name: string; domain?: string; path?: string };

export type Cookies = {
  get(name: string): string | undefined;
  set(cookie: CookieInit): void;
  set(name: string, value: string): void;
  delete(input: string | DeleteCookieOptions): void;
};

// RFC 6265: a token for the name, cookie-octets for the value (no space, quote, comma, ;, \).
const NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const VALUE = /^("?)[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*\1$/;

export function parseCookieHeader(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of header?.split(';') ?? []) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    if (name && !cookies.has(name)) cookies.set(name, pair.slice(eq + 1).trim());
  }
  return cookies;
}

/** Attribute values may not end the attribute (`;`) or carry control characters. */
function checkAttribute(label: string, value: string): string {
  const unsafe = [...value].some((char) => char === ';' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
  if (unsafe) throw new TypeError(`Invalid cookie ${label}: ${JSON.stringify(value)}`);
  return value;
}

/** Same rules as the production runtime: invalid names or values throw instead of being mangled. */
export function serializeCookie(cookie: CookieInit): string {
  if (!NAME.test(cookie.name)) throw new TypeError(`Invalid cookie name: ${JSON.stringify(cookie.name)}`);
  if (!VALUE.test(cookie.value)) throw new TypeError(`Invalid cookie value for "${cookie.name}"`);
  const parts = [`${cookie.name}=${cookie.value}`];
  if (cookie.expires !== undefined) parts.push(`Expires=${new Date(cookie.expires).toUTCString()}`);
  if (cookie.maxAge !== undefined) {
    if (!Number.isInteger(cookie.maxAge) || cookie.maxAge < 0) {
      throw new TypeError(`Cookie maxAge must be a non-negative integer: ${cookie.maxAge}`);
    }
    parts.push(`Max-Age=${cookie.maxAge}`);
  }
  if (cookie.domain) parts.push(`Domain=${checkAttribute('domain', cookie.domain)}`);
  if (cookie.path) parts.push(`Path=${checkAttribute('path', cookie.path)}`);
  if (cookie.secure) parts.push('Secure');
  if (cookie.httpOnly) parts.push('HttpOnly');
  if (cookie.sameSite) parts.push(`SameSite=${cookie.sameSite}`);
  for (const extra of cookie.unparsed ?? []) parts.push(checkAttribute('attribute', extra));
  return parts.join('; ');
}

/** Cookies bound to one request; `setCookieHeaders` lists what to add to its answer. */
export function createCookies(request: Request): { cookies: Cookies; setCookieHeaders: string[] } {
  const incoming = parseCookieHeader(request.headers.get('cookie'));
  const setCookieHeaders: string[] = [];
  const cookies: Cookies = {
    get: (name) => incoming.get(name),
    set: (nameOrCookie: string | CookieInit, value?: string) => {
      const cookie = typeof nameOrCookie === 'string' ? { name: nameOrCookie, value: value ?? '' } : nameOrCookie;
      setCookieHeaders.push(serializeCookie(cookie));
    },
    delete: (input) => {
      const options = typeof input === 'string' ? { name: input } : input;
      setCookieHeaders.push(serializeCookie({ ...options, value: '', expires: 0 }));
    },
  };
  return { cookies, setCookieHeaders };
}
