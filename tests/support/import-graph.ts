import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the import-cycle guards share (tests/unit/server-folder-cycles.test.ts,
 * tests/unit/lib-import-cycles.test.ts): the source files under a folder, the relative imports of
 * a source (type-only ones too: they tie code together as much as values do) and the loops of a
 * graph.
 */

/** Relative specifiers a source imports or re-exports, statically or with import(). */
export const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*'(\.[^']+)'/g;

/** The .ts, .tsx and .mts files under `dir`, at any depth. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [path] : [];
  });
}

/** A graph: node → the nodes it imports, each with one example import for the message. */
export type ImportGraph = Map<string, Map<string, string>>;

/** Strongly connected components (Tarjan) with more than one node: the loops. */
export function loops(graph: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** Each edge that closes a loop, with its example import: "a -> b (a.ts imports ./b.ts)". */
export function loopEdges(graph: ImportGraph): string[] {
  return loops(graph).flatMap((component) =>
    component.flatMap((from) =>
      [...(graph.get(from) ?? [])]
        .filter(([to]) => component.includes(to))
        .map(([to, example]) => `${from} -> ${to} (${example})`),
    ),
  );
}
