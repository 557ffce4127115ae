import { Parser } from 'htmlparser2';
import { SVG_ELEMENTS, SVG_NS, XLINK_NS, XML_NS } from './svg-allow-list.ts';

/** One element of a parsed SVG, its name split into namespace URI and lower-cased local name. */
export interface SvgNode {
  ns: string;
  name: string;
  rawName: string;
  /** Attributes by lower-cased local name for the SVG/XLink ones, by qualified name otherwise. */
  attributes: Map<string, string>;
  /** Namespaced attributes that are not SVG's, XLink's or xml:'s, as [namespace, raw name]. */
  foreign: [string, string][];
  children: SvgNode[];
  text: string;
}

export interface SvgTree {
  root: SvgNode | null;
  /** DOCTYPE, entity declarations or a stylesheet processing instruction, if the file had one. */
  declaration: string | null;
  elements: number;
  tooBig: boolean;
}

const SLICE = 64 * 1024;

const split = (qualified: string): [string, string] => {
  const colon = qualified.indexOf(':');
  return colon < 0 ? ['', qualified] : [qualified.slice(0, colon), qualified.slice(colon + 1)];
};

/**
 * Parses an SVG into a tree, resolving namespace prefixes as a browser would (an `h:script`
 * with `xmlns:h` set to XHTML is a script). Stops at `maxElements` or `maxDepth`; character
 * references are decoded, so checks see what a renderer sees.
 */
export async function parseSvg(text: string, limits: { maxElements: number; maxDepth: number }): Promise<SvgTree> {
  const tree: SvgTree = { root: null, declaration: null, elements: 0, tooBig: false };
  const stack: { node: SvgNode; scope: Map<string, string> }[] = [];
  const parser = new Parser(
    {
      onprocessinginstruction(name) {
        const lower = name.toLowerCase();
        if (lower.startsWith('!doctype') || lower.startsWith('!entity') || lower.startsWith('?xml-stylesheet')) {
          tree.declaration ??= lower.startsWith('?') ? 'stylesheet' : 'doctype';
        }
      },
      onopentag(rawName, attrs) {
        tree.elements++;
        const parent = stack.at(-1);
        const scope = new Map(parent?.scope ?? [['xml', XML_NS]]);
        for (const [key, value] of Object.entries(attrs)) {
          if (key === 'xmlns') scope.set('', value);
          else if (key.startsWith('xmlns:')) scope.set(key.slice(6), value);
        }
        const [prefix, local] = split(rawName);
        const node: SvgNode = {
          ns: scope.get(prefix) ?? (prefix ? `unknown:${prefix}` : SVG_NS),
          name: local.toLowerCase(),
          rawName,
          attributes: new Map(),
          foreign: [],
          children: [],
          text: '',
        };
        for (const [key, value] of Object.entries(attrs)) {
          if (key === 'xmlns' || key.startsWith('xmlns:')) continue;
          const [attrPrefix, attrLocal] = split(key);
          const ns = attrPrefix ? (scope.get(attrPrefix) ?? `unknown:${attrPrefix}`) : '';
          if (ns === '' || ns === XLINK_NS || ns === XML_NS) {
            node.attributes.set(ns === XML_NS ? `xml:${attrLocal.toLowerCase()}` : attrLocal.toLowerCase(), value);
          } else {
            node.foreign.push([ns, key]);
          }
        }
        if (parent) parent.node.children.push(node);
        else tree.root ??= node;
        stack.push({ node, scope });
        if (tree.elements > limits.maxElements || stack.length > limits.maxDepth) tree.tooBig = true;
      },
      ontext(data) {
        const current = stack.at(-1);
        if (current) current.node.text += data;
      },
      onclosetag() {
        stack.pop();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  // Parsed in slices so a file past the limits is not walked to its end, and so a large file
  // (50 MB takes seconds) leaves the event loop free for other requests between slices.
  for (let at = 0; at < text.length && !tree.tooBig; at += SLICE) {
    parser.write(text.slice(at, at + SLICE));
    await new Promise((resume) => setImmediate(resume));
  }
  if (!tree.tooBig) parser.end();
  return tree;
}

export const isSvgElement = (node: SvgNode) => node.ns === SVG_NS && SVG_ELEMENTS.has(node.name);
