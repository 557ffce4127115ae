import { readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ImportGraph, loopEdges, RELATIVE_IMPORT, sourceFiles } from '../support/import-graph.ts';

/**
 * The folders of src/server import one way (docs/decisions/0026-house-renovation.md): a folder that
 * imports another is never imported back, directly or round a loop. Type-only imports count: they tie the folders' code
 * together as much as values do. The order's life: payments/ holds the provider adapters,
 * orders/ owns an order from creation to refund (and picks the adapter), checkout/ turns a cart
 * into an order and a payment session, quotes/ and stores/ build on orders/ and checkout/, and
 * workflows/ composes them where a payment completes an order (Medusa's workflows).
 */
const SERVER = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/server');

/** Top-level folder of a path under src/server, or null for a file directly in it or outside. */
function folderOf(path: string): string | null {
  const parts = relative(SERVER, path).split(sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0]! : null;
}

/** Folder → folders it imports, with one importing file per edge for the message. */
function folderGraph(): ImportGraph {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(SERVER)) {
    const from = folderOf(file);
    if (!from) continue;
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const to = folderOf(resolve(dirname(file), spec!));
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${relative(SERVER, file)} imports ${spec}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

describe('src/server folders import one way', () => {
  const graph = folderGraph();

  it('no import closes a loop between folders', () => {
    expect(loopEdges(graph), 'imports that close a loop between src/server folders').toEqual([]);
  });

  it("keeps the order's folders in their layers", () => {
    // Each folder may import the ones after it in this list, never one before it.
    const layers = ['workflows', 'stores', 'quotes', 'checkout', 'orders', 'payments'];
    const upward = layers.flatMap((from, i) =>
      [...(graph.get(from) ?? [])]
        .filter(([to]) => layers.indexOf(to) !== -1 && layers.indexOf(to) < i)
        .map(([to, example]) => `${from} -> ${to} (${example})`),
    );
    expect(upward, 'imports against the order folders’ layering').toEqual([]);
  });

  it('sees the imports it checks', () => {
    // The reader itself: the order's folders import the database layer, and workflows/ the order.
    expect(graph.get('payments')?.has('links')).toBe(true);
    expect(graph.get('workflows')?.has('orders')).toBe(true);
    expect(graph.get('db')?.size ?? 0).toBe(0);
  });
});
