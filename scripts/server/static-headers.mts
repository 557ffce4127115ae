// The build's `_headers` file applied to static answers, as Netlify's CDN does in production.
import { readFileSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { type HeaderRule, parseHeadersFile, pathPattern } from '../../src/server/security/headers-file.ts';

type Compiled = { pattern: RegExp; headers: Record<string, string> }[];

/** Files of the publish folder that configure the CDN and are never served themselves. */
export const CDN_CONFIG_FILES = new Set(['/_headers', '/_redirects']);

/** Re-reads the file when a rebuild swaps in a new one (its mtime changes). */
export function staticHeaders(distDir: string) {
  const file = join(distDir, '_headers');
  let loaded: { mtimeMs: number; rules: Compiled } | undefined;

  function rules(): Compiled {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return []; // a build from before the security integration: nothing to add
    }
    if (loaded?.mtimeMs !== mtimeMs) {
      const parsed: HeaderRule[] = parseHeadersFile(readFileSync(file, 'utf8'));
      loaded = { mtimeMs, rules: parsed.map((r) => ({ pattern: pathPattern(r.path), headers: r.headers })) };
    }
    return loaded.rules;
  }

  return {
    /** Every matching rule applies; a later rule wins a header name. */
    forPath(pathname: string): Record<string, string> {
      const out: Record<string, string> = {};
      for (const rule of rules()) if (rule.pattern.test(pathname)) Object.assign(out, rule.headers);
      return out;
    },
    apply(res: ServerResponse, pathname: string): void {
      for (const [name, value] of Object.entries(this.forPath(pathname))) res.setHeader(name, value);
    },
  };
}
