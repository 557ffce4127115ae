import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ImportGraph, loopEdges, RELATIVE_IMPORT, sourceFiles } from '../support/import-graph.ts';

/**
 * The files of src/lib import one way (issue 43, item 4): no file is imported back by a file it
 * imports, directly or round a loop. Type-only imports count, as they do between src/server's
 * folders (./server-folder-cycles.test.ts): a loop of types is still two files that cannot be
 * read, moved or loaded apart.
 */
const LIB = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/lib');

/** File → files of src/lib it imports (paths relative to src/lib), with the specifier for the message. */
function fileGraph(): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(LIB)) {
    const from = relative(LIB, file);
    const edges = new Map<string, string>();
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const to = relative(LIB, resolve(dirname(file), spec!));
      if (!to.startsWith('..')) edges.set(to, `${from} imports ${spec}`);
    }
    graph.set(from, edges);
  }
  return graph;
}

describe('src/lib files import one way', () => {
  const graph = fileGraph();

  it('no import closes a loop between files', () => {
    expect(loopEdges(graph), 'imports that close a loop in src/lib').toEqual([]);
  });

  it('sees the imports it checks, type-only ones too', () => {
    expect(graph.get('pricing/cart-list-lines.ts')?.has('pricing/cart-list-pricer.ts')).toBe(true);
    // `import type { PricedJob } from './job.ts'`
    expect(graph.get('pricing/cart-list-pricer.ts')?.has('pricing/job.ts')).toBe(true);
  });
});
