/**
 * Netlify's `_headers` file: written into the build output by the security integration, read
 * by Netlify's CDN in production and by the local server under `npm start`, so both send the
 * same headers. Matching follows Netlify's rules: `*` as a whole segment matches the rest of the
 * path (also nothing), `:name` one segment, a trailing slash is optional, case-insensitive.
 */
export interface HeaderRule {
  path: string;
  headers: Record<string, string>;
}

/** Headers every static answer carries (pages, assets, images); CSP is per page group. */
export const SITE_HEADERS: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), browsing-topics=()',
};

/**
 * The page groups that show one person's own data: the back office and the paid order's summary.
 * They cut every tie to the window that opened them (no opener handle to navigate, count frames
 * or post to). The public pages show everyone the same catalogue and go without it: with it,
 * Chrome moves each new visit into a new renderer process, and under Lighthouse that process's
 * start-up lands in a blocking task after first paint (the only task over 50 ms in bench:web).
 */
export const PRIVATE_PAGE_GROUPS: ReadonlySet<string> = new Set(['admin', 'success']);
export const PRIVATE_PAGE_HEADERS: Record<string, string> = { 'Cross-Origin-Opener-Policy': 'same-origin' };

export function renderHeadersFile(rules: HeaderRule[]): string {
  const blocks = rules.map(
    (rule) =>
      `${rule.path}\n${Object.entries(rule.headers)
        .map(([name, value]) => `  ${name}: ${value}`)
        .join('\n')}`,
  );
  return `# Generated at build time by src/server/security/build-integration.ts; do not edit.\n${blocks.join('\n\n')}\n`;
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('/')) {
      current = { path: line, headers: {} };
      rules.push(current);
      continue;
    }
    const colon = line.indexOf(':');
    if (!current || colon <= 0) throw new Error(`_headers: cannot read the line "${line}"`);
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    const existing = current.headers[name];
    current.headers[name] = existing === undefined ? value : `${existing}, ${value}`;
  }
  return rules;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function pathPattern(path: string): RegExp {
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((part) => {
      if (part.startsWith(':')) return '([^/]+)';
      if (part === '*') return '?(.*)';
      return part.split('*').map(escapeRegExp).join('(.*)');
    });
  return new RegExp(`^/${parts.join('/')}/?$`, 'iu');
}
