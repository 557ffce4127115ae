/**
 * A small reader of a template's HTML that keeps where each element and text sits in the source,
 * so a change can replace an element's inside and leave every byte of the layout around it as
 * stored. Templates are sanitised on save (well-formed, no `>` inside attribute values), which is
 * all this tokenizer relies on; it runs in the admin and on the server alike.
 */
export interface HtmlText {
  kind: 'text';
  start: number;
  end: number;
  /** The source, entities still encoded. */
  source: string;
}

export interface HtmlElement {
  kind: 'element';
  tag: string;
  start: number;
  /** Where its content starts and ends (its own tags excluded). */
  innerStart: number;
  innerEnd: number;
  /** Where the element ends, closing tag included. */
  end: number;
  children: HtmlNode[];
}

export type HtmlNode = HtmlText | HtmlElement;

const TOKEN = /<!--[\s\S]*?-->|<\/?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>|[^<]+|</g;
const VOID = new Set(['br', 'hr', 'img', 'meta', 'link', 'input', 'col', 'wbr', 'area', 'base', 'source']);

/** The template's elements and text as a tree (a root holding the top level). */
export function readHtml(html: string): HtmlElement {
  const root: HtmlElement = {
    kind: 'element',
    tag: '#root',
    start: 0,
    innerStart: 0,
    innerEnd: html.length,
    end: html.length,
    children: [],
  };
  const open: HtmlElement[] = [root];
  for (const match of html.matchAll(TOKEN)) {
    const token = match[0];
    const at = match.index;
    const parent = open.at(-1)!;
    if (token.startsWith('<!--')) continue;
    const tag = match[1]?.toLowerCase();
    if (!tag) {
      parent.children.push({ kind: 'text', start: at, end: at + token.length, source: token });
    } else if (token.startsWith('</')) {
      closeElement(open, tag, at, at + token.length);
    } else {
      const element: HtmlElement = {
        kind: 'element',
        tag,
        start: at,
        innerStart: at + token.length,
        innerEnd: at + token.length,
        end: at + token.length,
        children: [],
      };
      parent.children.push(element);
      if (!VOID.has(tag) && !token.endsWith('/>')) open.push(element);
    }
  }
  while (open.length > 1) {
    const element = open.pop()!;
    element.innerEnd = html.length;
    element.end = html.length;
  }
  return root;
}

/** A closing tag closes the nearest open element of its name (and any left open inside it). */
function closeElement(open: HtmlElement[], tag: string, at: number, end: number) {
  const index = open.findLastIndex((element, i) => i > 0 && element.tag === tag);
  if (index < 0) return;
  while (open.length > index) {
    const element = open.pop()!;
    element.innerEnd = at;
    element.end = element.tag === tag && open.length === index ? end : at;
  }
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** An HTML text's characters: its entities decoded. */
export function decodeEntities(source: string): string {
  return source.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED[body.toLowerCase()] ?? entity;
  });
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe as HTML element content. */
export function encodeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
