import { isFilterPrimitive } from './svg-allow-list.ts';
import { urlReferences } from './svg-css.ts';
import type { SvgNode } from './svg-tree.ts';

/**
 * What drawing an SVG costs, counted before it is drawn: every element once for each time it is
 * drawn, so a <use> (or a url(#…) to a pattern, mask, marker, clip path or filter) counts the
 * whole subtree it points at, recursively. Ten <use>s of a group of ten <use>s, four levels
 * deep, is 10,000 drawings of one shape: a 1 KB file that kept librsvg busy for minutes when the
 * shape was blurred. Filtered drawings are counted apart: a filter is what made each one slow.
 */
export interface SvgCost {
  expanded: number;
  filtered: number;
  filterPrimitives: number;
  /** A reference that leads back to itself (librsvg would refuse or loop). */
  cycle: boolean;
}

/** Gradients are cheap to reference many times; the rest draw their subtree again. */
const CHEAP_TARGETS = new Set(['lineargradient', 'radialgradient', 'stop']);
const MAX_CHAIN = 500;

function referencesOf(node: SvgNode, byId: Map<string, SvgNode>): SvgNode[] {
  const targets: SvgNode[] = [];
  const href = node.attributes.get('href');
  if (node.name === 'use' && href?.trim().startsWith('#')) {
    const target = byId.get(href.trim().slice(1));
    if (target) targets.push(target);
  }
  for (const [name, value] of node.attributes) {
    if (name === 'href' || !value.includes('(')) continue;
    for (const id of urlReferences(value)) {
      const target = byId.get(id);
      if (target && !CHEAP_TARGETS.has(target.name)) targets.push(target);
    }
  }
  return targets;
}

const isFiltered = (node: SvgNode) =>
  Boolean(node.attributes.get('filter')?.trim()) || /filter\s*:/i.test(node.attributes.get('style') ?? '');

export function svgCost(root: SvgNode, budget: number): SvgCost {
  const byId = new Map<string, SvgNode>();
  const all: SvgNode[] = [];
  for (const pending = [root]; pending.length; ) {
    const node = pending.pop()!;
    all.push(node);
    const id = node.attributes.get('id');
    if (id && !byId.has(id)) byId.set(id, node);
    pending.push(...node.children);
  }
  const memo = new Map<SvgNode, [number, number]>();
  const inProgress = new Set<SvgNode>();
  let cycle = false;
  // [drawn elements, filtered elements] for one drawing of `node`; capped past the budget so
  // the numbers stay finite for a bomb of 100 levels.
  const cost = (node: SvgNode, chain: number): [number, number] => {
    const known = memo.get(node);
    if (known) return known;
    if (inProgress.has(node) || chain > MAX_CHAIN) {
      cycle = true;
      return [budget + 1, 0];
    }
    inProgress.add(node);
    let drawn = 1;
    let filtered = isFiltered(node) ? 1 : 0;
    for (const child of [...node.children, ...referencesOf(node, byId)]) {
      const [d, f] = cost(child, chain + 1);
      drawn = Math.min(drawn + d, budget * 10);
      filtered = Math.min(filtered + f, budget * 10);
    }
    inProgress.delete(node);
    memo.set(node, [drawn, filtered]);
    return [drawn, filtered];
  };
  const [expanded, filtered] = cost(root, 0);
  return { expanded, filtered, filterPrimitives: all.filter((n) => isFilterPrimitive(n.name)).length, cycle };
}
