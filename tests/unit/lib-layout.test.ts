import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * src/lib holds what the browser and the server share, by domain
 * (docs/decisions/0026-house-renovation.md), and the browser's own I/O (HTTP, storage, analytics,
 * React hooks) only in src/lib/browser.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LIB = join(ROOT, 'src/lib');
/** The shared core every domain uses; anything else belongs in a domain folder. */
const AT_THE_TOP = ['api-error.ts', 'identifiers.ts', 'money.ts', 'zod.ts'];
const BROWSER_IO = /\bfetch\(|\blocalStorage\b|\bsessionStorage\b|\bwindow\.|\bdocument\.|from 'ky'|from 'react'/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.(ts|tsx|mts|astro)$/.test(entry.name) ? [path] : [];
  });
}

describe('src/lib', () => {
  it('keeps only the shared core at its top; the rest lives in a folder per domain', () => {
    const top = readdirSync(LIB, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort();
    expect(top).toEqual(AT_THE_TOP);
  });

  it('does the browser’s I/O only in src/lib/browser', () => {
    const outside = files(LIB)
      .filter((file) => !file.startsWith(join(LIB, 'browser')))
      .filter((file) => BROWSER_IO.test(readFileSync(file, 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '')))
      .map((file) => relative(ROOT, file));
    expect(outside).toEqual([]);
    // The reader itself: the browser folder does the I/O it keeps.
    expect(readFileSync(join(LIB, 'browser/http.ts'), 'utf8')).toMatch(BROWSER_IO);
  });

  it('is never asked for the browser’s I/O by the server', () => {
    const importers = [...files(join(ROOT, 'src/server')), ...files(join(ROOT, 'netlify'))]
      .filter((file) => /lib\/browser\//.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(importers).toEqual([]);
  });
});
