import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, relative, resolve } from 'node:path';

/**
 * What a page's browser scripts load with the page, read from the source without a build: the
 * `<script>` blocks of an .astro page and of the .astro components it uses, then every module
 * they import statically, down to the packages. A dynamic `import()` is a chunk of its own, loaded
 * when it is called (the cart drawer on a press), so it is not followed. `import type` and `export
 * type` are left out (they are erased); everything else counts, `import { type X }` too
 * (verbatimModuleSyntax keeps the import).
 */

const FROM = /(?:^|[\n;])\s*(import|export)(\s+type\b)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g;
const BARE = /(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]/g;
const SCRIPT = /<script(?![^>]*\bis:inline)[^>]*>([\s\S]*?)<\/script>/g;
const FRONTMATTER = /^---\n([\s\S]*?)\n---/;

/** Module specifiers a source imports statically at run time. */
export function runtimeImports(source: string): string[] {
  const found: string[] = [];
  for (const [, , type, spec] of source.matchAll(FROM)) if (!type) found.push(spec!);
  for (const [, spec] of source.matchAll(BARE)) found.push(spec!);
  return found;
}

function resolveFile(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (existsSync(candidate) && extname(candidate)) return candidate;
  }
  return null;
}

export interface ClientGraph {
  /** Project files reached, relative to the working directory. */
  files: string[];
  /** Packages reached ('zod', 'ky', '@nanostores/react'), each with the file that imports it. */
  packages: Map<string, string>;
}

/** The modules the `<script>` blocks of `page` (an .astro file) and of its .astro components load. */
export function pageScriptGraph(page: string): ClientGraph {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const seenAstro = new Set<string>();
  const walk = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    if (!/\.(ts|tsx|mts|js|mjs)$/.test(file)) return;
    follow(file, runtimeImports(readFileSync(file, 'utf8')));
  };
  const follow = (file: string, specs: string[]) => {
    for (const spec of specs) {
      if (!spec.startsWith('.')) {
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
        if (!packages.has(name)) packages.set(name, relative('.', file));
        continue;
      }
      const target = resolveFile(file, spec);
      if (target) walk(target);
    }
  };
  const visitAstro = (file: string) => {
    if (seenAstro.has(file)) return;
    seenAstro.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, script] of source.matchAll(SCRIPT)) follow(file, runtimeImports(script!));
    const frontmatter = source.match(FRONTMATTER)?.[1] ?? '';
    for (const spec of runtimeImports(frontmatter)) {
      if (!spec.endsWith('.astro')) continue;
      const component = resolveFile(file, spec);
      if (component) visitAstro(component);
    }
  };
  visitAstro(resolve(page));
  return { files: [...files].map((f) => relative('.', f)).sort(), packages };
}
