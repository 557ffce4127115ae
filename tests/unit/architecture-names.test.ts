import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md's walks name the files and functions a request passes (issue 43): every file
 * it cites exists, every function and constant it names is declared in the code, and a function
 * cited with its file, "`startCheckout` (`checkout/start-checkout.ts`)", is declared in that file.
 * A path may be cited by its tail (`checkout/load-lines.ts`): some file must end with it.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SKIP = new Set(['node_modules', 'dist', '.astro', '.netlify', '.data', 'test-results', 'test-reports']);
const doc = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : [relative(ROOT, path)];
  });
}

const repo = ['src', 'netlify', 'scripts', 'tests', 'supabase', 'docs'].flatMap((dir) => files(join(ROOT, dir)));
const atTheTop = readdirSync(ROOT);
const code = repo.filter((file) => /\.(ts|tsx|mts|mjs|astro)$/.test(file)).concat('astro.config.mjs');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const withTail = (path: string) => repo.filter((file) => file === path || file.endsWith(`/${path}`));
const cited = [...new Set([...doc.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!))];

const FILE = /^[\w.\-/[\]]+\.(ts|tsx|mts|astro|sql|json|toml|mjs|md)$/;
const CAMEL = /^[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*$/;
const CONSTANT = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/;
/** Declared as a function, variable, class or type, or as a property or method of one. */
const DECLARED =
  /(?:function\*?|const|let|class|interface|type)\s+(\w+)|^\s*(?:readonly\s+|async\s+)?(\w+)\??\s*[:(]/gm;
const declaredIn = (source: string) => new Set([...source.matchAll(DECLARED)].map((m) => (m[1] ?? m[2])!));
/** Names that are not the shop's: Biome's rule, the platform's global, environment variables. */
const OUTSIDE = new Set(['noRestrictedImports', 'globalThis']);
const environment = read('.env.example');

describe('ARCHITECTURE.md names what there is', () => {
  it('cites only files that exist', () => {
    // `src/pages/.../[token].astro` is a pattern, not a file.
    const paths = cited.map((t) => t.replace(/\/$/, '')).filter((t) => FILE.test(t) && !t.includes('...'));
    expect(paths.length).toBeGreaterThan(50);
    // A built file is cited by its name; its source is the route file that makes it (search-index.json.ts).
    const missing = paths.filter((p) => withTail(p).length === 0 && withTail(`${p}.ts`).length === 0);
    expect(missing.filter((p) => !atTheTop.includes(p))).toEqual([]);
  });

  it('names only functions and constants the code declares', () => {
    const names = cited.map((t) => t.replace(/\(\)$/, '')).filter((t) => CAMEL.test(t) || CONSTANT.test(t));
    expect(names.length).toBeGreaterThan(20);
    const declared = declaredIn(code.map(read).join('\n'));
    const undeclared = names
      .filter((name) => !OUTSIDE.has(name) && !new RegExp(`^#? ?${name}=`, 'm').test(environment))
      .filter((name) => !declared.has(name));
    expect(undeclared).toEqual([]);
  });

  it('places each function it cites with a file in that file', () => {
    const pairs = [...doc.matchAll(/`([a-z][A-Za-z0-9]*)(?:\(\))?` \(`([\w.\-/[\]]+\.(?:ts|tsx|mts))`/g)];
    expect(pairs.length).toBeGreaterThan(3);
    const misplaced = pairs
      .filter(([, name, path]) => !withTail(path!).some((file) => declaredIn(read(file)).has(name!)))
      .map(([, name, path]) => `${name} is not in ${path}`);
    expect(misplaced).toEqual([]);
  });

  it('walks a cart checkout, a payment request paid and a store closing, and says where new files go', () => {
    for (const heading of [
      '**Checkout and the webhook back.**',
      '**A payment request paid**',
      '**A store closing**',
      "## Where a new capability's files go",
    ]) {
      expect(doc).toContain(heading);
    }
  });
});
