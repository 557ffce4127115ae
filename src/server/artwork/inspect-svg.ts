import type { ArtworkFindings } from '../../lib/artwork/artwork-schema.ts';
import { SVG_LIMITS, TOO_COMPLEX } from './check-limits.ts';
import { artworkTooLarge, notArtwork } from './refusals.ts';
import { isEditorNamespace, REFERENCE_ATTRIBUTES, SVG_ATTRIBUTES, SVG_NS } from './svg-allow-list.ts';
import { svgCost } from './svg-budget.ts';
import { cssProblem, isLocalReference } from './svg-css.ts';
import { isSvgElement, parseSvg, type SvgNode } from './svg-tree.ts';

const INCHES: Record<string, number> = {
  in: 1,
  cm: 1 / 2.54,
  mm: 1 / 25.4,
  pt: 1 / 72,
  pc: 1 / 6,
  px: 1 / 96,
  '': 1 / 96,
};

function lengthInInches(value: string | undefined): number | null {
  const match = /^\s*([0-9]*\.?[0-9]+)\s*(in|cm|mm|pt|pc|px)?\s*$/.exec(value ?? '');
  if (!match) return null;
  const inches = Number(match[1]) * INCHES[match[2] ?? '']!;
  return inches > 0 ? Number(inches.toFixed(3)) : null;
}

const ELSEWHERE = 'The SVG refers to another file or address. Embed everything in the file and try again.';

/** The first thing in `node`'s subtree that the allow-list does not take, as a message. */
function problemIn(root: SvgNode): string | null {
  for (const pending = [root]; pending.length; ) {
    const node = pending.pop()!;
    pending.push(...node.children);
    if (!isSvgElement(node) && !(isEditorNamespace(node.ns) && node.ns !== SVG_NS)) {
      return `The SVG holds <${node.rawName}>, which we do not accept (only drawing elements are).`;
    }
    if (!isSvgElement(node)) continue;
    for (const [ns, name] of node.foreign) {
      if (!isEditorNamespace(ns)) return `The SVG has an attribute we do not accept (${name}).`;
    }
    for (const [name, value] of node.attributes) {
      if (name.startsWith('on')) return `The SVG has an event handler (${name}), which we do not accept.`;
      if (REFERENCE_ATTRIBUTES.has(name)) {
        if (!isLocalReference(value)) return ELSEWHERE;
        continue;
      }
      if (
        !SVG_ATTRIBUTES.has(name) &&
        !name.startsWith('data-') &&
        !name.startsWith('xml:') &&
        !name.startsWith('aria-')
      ) {
        return `The SVG has an attribute we do not accept (${name}).`;
      }
      const css = cssProblem(value);
      if (css) return `The SVG ${css} (in ${name}). Embed everything in the file and try again.`;
    }
    if (node.name === 'style') {
      const css = cssProblem(node.text);
      if (css) return `The SVG’s styles: it ${css}. Embed everything in the file and try again.`;
    }
  }
  return null;
}

/**
 * Checks an SVG before anything draws it, on its parsed tree: no DOCTYPE or entities, only
 * allow-listed elements and attributes, references only inside the file (after character
 * references and CSS escapes are undone), and a drawing cost within SVG_LIMITS. The SVG is then
 * kept download-only: never served inline from the shop's origin.
 */
export async function inspectSvg(bytes: Buffer): Promise<ArtworkFindings> {
  const tree = await parseSvg(bytes.toString('utf8'), {
    maxElements: SVG_LIMITS.expandedElements,
    maxDepth: SVG_LIMITS.depth,
  });
  if (tree.declaration === 'doctype')
    throw notArtwork('SVG files with a DOCTYPE or entities are not accepted. Export it again.');
  if (tree.declaration === 'stylesheet') {
    throw notArtwork('The SVG loads a stylesheet from elsewhere. Export it with styles inside the file.');
  }
  if (tree.tooBig) throw artworkTooLarge(TOO_COMPLEX);
  const root = tree.root;
  if (root?.name !== 'svg') throw notArtwork('The SVG has no drawing in it.');
  const problem = problemIn(root);
  if (problem) throw notArtwork(problem);
  const cost = svgCost(root, SVG_LIMITS.expandedElements);
  if (
    cost.cycle ||
    cost.expanded > SVG_LIMITS.expandedElements ||
    cost.filtered > SVG_LIMITS.filteredElements ||
    cost.filterPrimitives > SVG_LIMITS.filterPrimitives
  ) {
    throw artworkTooLarge(TOO_COMPLEX);
  }
  return {
    kind: 'vector',
    widthPx: null,
    heightPx: null,
    hasTransparency: null,
    pages: null,
    widthIn: lengthInInches(root.attributes.get('width')),
    heightIn: lengthInInches(root.attributes.get('height')),
    samePageSizes: null,
  };
}
