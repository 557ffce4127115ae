/**
 * Markup built without a framework, for the cart page's first paint: a small tree of elements and
 * text made with `h`, turned into DOM nodes with `toDom`. Text children stay separate text nodes,
 * as React creates them.
 */
export type Markup = string | MarkupElement | Node | null | false | undefined;

export interface MarkupElement {
  tag: string;
  /** Attributes as React writes them; undefined leaves one out. */
  attrs: Record<string, string | undefined>;
  /** DOM properties React sets without an attribute (an option's `selected`). */
  props?: Record<string, unknown>;
  children: Markup[];
}

export function h(tag: string, attrs: MarkupElement['attrs'] = {}, ...children: Markup[]): MarkupElement {
  return { tag, attrs, children };
}

/** `h` with DOM properties as well as attributes. */
export function hp(tag: string, attrs: MarkupElement['attrs'], props: Record<string, unknown>, ...children: Markup[]) {
  return { tag, attrs, props, children };
}

const SVG = 'http://www.w3.org/2000/svg';

const isDomNode = (node: Markup): node is Node => typeof node === 'object' && node !== null && 'nodeType' in node;

/** The DOM nodes of `node` (a DOM node given as markup is cloned); null for nothing. */
export function toDom(node: Markup, doc: Document, inSvg = false): Node | null {
  if (node === null || node === undefined || node === false || node === '') return null;
  if (typeof node === 'string') return doc.createTextNode(node);
  if (isDomNode(node)) return node.cloneNode(true);
  const svg = inSvg || node.tag === 'svg';
  const element = svg ? doc.createElementNS(SVG, node.tag) : doc.createElement(node.tag);
  for (const [name, value] of Object.entries(node.attrs)) if (value !== undefined) element.setAttribute(name, value);
  for (const child of node.children) {
    const made = toDom(child, doc, svg);
    if (made) element.append(made);
  }
  Object.assign(element, node.props);
  return element;
}
