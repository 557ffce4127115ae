import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy of a pre-rendered page, derived from the page itself: its inline
 * scripts are allowed by hash (never 'unsafe-inline'), and an outside host is allowed only on
 * the pages that reference it (the map frame on /contact, Stripe's buy button on /buy).
 */
export interface PageNeeds {
  /** `'sha256-…'` sources of the page's inline executable scripts. */
  scriptHashes: string[];
  /** Origins of external scripts (`<script src="https://…">`). */
  scriptOrigins: string[];
  /** Origins of iframes, plus the frames an external script is known to open. */
  frameOrigins: string[];
  /**
   * Origins a form's answer may send the browser on to (`<form data-redirects-to="…">`): "Accept
   * and pay" posts to the shop, which answers with Stripe Checkout's page, and browsers hold that
   * redirect to form-action too.
   */
  formOrigins: string[];
}

/** Where a payment form's answer may send the browser: Stripe Checkout's hosted page. */
export const CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

export interface SiteSources {
  /** Analytics: the API origin posthog-js sends to and its assets origin; only with a key. */
  analyticsOrigins: string[];
  /** Where uploaded images live in production (Supabase Storage), for the admin's previews. */
  imageOrigins: string[];
  /**
   * Where a browser sends customer artwork in production (Supabase Storage's signed upload URLs,
   * docs/decisions/0015-print-ordering.md): the uploader PUTs the file there, so it is a connect-src.
   */
  uploadOrigins?: string[];
}

/** Scripts a browser runs; JSON-LD and other data blocks are not executed and need no hash. */
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/** Frames an external script opens by itself (not visible in the page's markup). */
const FRAMES_OF_SCRIPT: Record<string, string[]> = {
  'https://js.stripe.com': ['https://js.stripe.com', 'https://*.js.stripe.com'],
};

const attribute = (attrs: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attrs)?.slice(1).find(Boolean);

function originOf(src: string): string | null {
  if (!/^https?:\/\//i.test(src) && !src.startsWith('//')) return null;
  try {
    return new URL(src, 'https://placeholder.invalid').origin;
  } catch {
    return null;
  }
}

export function scriptHash(body: string): string {
  return `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
}

export function pageNeeds(html: string): PageNeeds {
  const hashes = new Set<string>();
  const scripts = new Set<string>();
  const frames = new Set<string>();
  const forms = new Set<string>();
  for (const [, attrs = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const type = (attribute(attrs, 'type') ?? '').trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    const src = attribute(attrs, 'src');
    if (src === undefined) {
      hashes.add(scriptHash(body));
      continue;
    }
    const origin = originOf(src);
    if (!origin) continue;
    scripts.add(origin);
    for (const frame of FRAMES_OF_SCRIPT[origin] ?? []) frames.add(frame);
  }
  for (const [, attrs = ''] of html.matchAll(/<iframe\b([^>]*)>/gi)) {
    const origin = originOf(attribute(attrs, 'src') ?? '');
    if (origin) frames.add(origin);
  }
  for (const [, attrs = ''] of html.matchAll(/<form\b([^>]*)>/gi)) {
    const origin = originOf(attribute(attrs, 'data-redirects-to') ?? '');
    if (origin) forms.add(origin);
  }
  return {
    scriptHashes: [...hashes].sort(),
    scriptOrigins: [...scripts].sort(),
    frameOrigins: [...frames].sort(),
    formOrigins: [...forms].sort(),
  };
}

const list = (...parts: (string | string[])[]) => parts.flat().join(' ');

export function pageCsp(needs: PageNeeds, site: SiteSources): string {
  const directives = [
    "default-src 'self'",
    `script-src ${list("'self'", needs.scriptHashes, needs.scriptOrigins, site.analyticsOrigins)}`,
    // Styles are inlined per page for first paint and React sets style attributes; script
    // injection is what the policy has to stop, and scripts never get 'unsafe-inline'.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self'", 'data:', 'blob:', site.imageOrigins)}`,
    "font-src 'self'",
    `connect-src ${list("'self'", site.uploadOrigins ?? [], site.analyticsOrigins)}`,
    `frame-src ${needs.frameOrigins.length ? list(needs.frameOrigins) : "'none'"}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${list("'self'", needs.formOrigins)}`,
    "frame-ancestors 'none'",
  ];
  return directives.join('; ');
}

/** posthog-js talks to its API host and loads extensions from the matching assets host. */
export function analyticsOrigins(key: string | undefined, host: string | undefined): string[] {
  if (!key) return [];
  const api = new URL(host || 'https://us.i.posthog.com');
  const origins = [api.origin];
  const assets = api.hostname.match(/^(us|eu)\.i\.posthog\.com$/);
  if (assets) origins.push(`https://${assets[1]}-assets.i.posthog.com`);
  return origins;
}
