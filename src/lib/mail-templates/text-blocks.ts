import { bindingWords } from '../site/template-purposes.ts';
import { decodeEntities, encodeText, type HtmlElement, type HtmlNode, readHtml } from './html-tree.ts';

/**
 * The words of an e-mail template the owner may change without touching its layout (issue 44,
 * item 5). A text block is an element of the stored HTML whose content is only words, line breaks
 * and values — a `{{placeholder}}`, or an inline element around one alone, as
 * `<strong>{{orderNumber}}</strong>` — and the outermost such element: a heading, a paragraph, a
 * table cell, a link's words. The stored HTML marks them by its own structure, so every template
 * (the shop's and the owner's) has them, without markers a sanitiser or an older copy could lose.
 *
 * The owner reads a value as words in square brackets ("[order number]"). A save replaces only
 * the inside of each block: the words escaped, each value by the HTML it stood for, so tables,
 * styles, links and the values' formatting stay as stored, and a value a block held cannot be
 * left out (the e-mail fills it in there).
 */
export interface TextBlock {
  /** Its content's place in the HTML. */
  start: number;
  end: number;
  /** What holds it, in words: "Heading", "Paragraph", "Table cell", "Link". */
  kind: string;
  /** The words as the owner reads them: values as [words], line breaks as new lines. */
  words: string;
  /** The same as plain text with its {{placeholders}}, to find it in the text body. */
  text: string;
  /** Each value in it: its [words], its binding and the HTML it is stored as here. */
  values: BlockValue[];
}

export interface BlockValue {
  label: string;
  name: string;
  html: string;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;
const ONE_PLACEHOLDER = /^\s*\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}\s*$/;
const VALUE_WRAPPERS = new Set(['strong', 'b', 'em', 'i', 'u', 'span', 'a', 'small', 'mark', 'code', 'font']);
const NEVER_BLOCKS = new Set(['style', 'script', 'title', 'head', 'table', 'thead', 'tbody', 'tfoot', 'tr']);
const KINDS: Record<string, string> = {
  h1: 'Heading',
  h2: 'Heading',
  h3: 'Heading',
  h4: 'Heading',
  p: 'Paragraph',
  td: 'Table cell',
  th: 'Table heading',
  a: 'Link',
  li: 'List item',
};

export const BLOCK_WORDS_MAX = 2000;

/** The template's text blocks, in the order they appear. */
export function textBlocks(html: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  const visit = (element: HtmlElement) => {
    const block = element.tag === '#root' ? null : asBlock(html, element);
    if (block) blocks.push(block);
    else for (const child of element.children) if (child.kind === 'element') visit(child);
  };
  visit(readHtml(html));
  return blocks;
}

function asBlock(html: string, element: HtmlElement): TextBlock | null {
  if (NEVER_BLOCKS.has(element.tag)) return null;
  const values: BlockValue[] = [];
  let words = '';
  let text = '';
  let letters = false;
  for (const child of element.children) {
    const part = blockPart(html, child);
    if (!part) return null;
    if (part.value) values.push(part.value);
    if (part.value === undefined) {
      const decoded = decodeEntities(part.text);
      if (/\p{L}/u.test(decoded.replace(PLACEHOLDER, ''))) letters = true;
      words += decoded.replace(PLACEHOLDER, (placeholder, name: string) => {
        values.push({ label: bindingWords(name), name, html: placeholder });
        return `[${bindingWords(name)}]`;
      });
      text += decoded;
    } else {
      words += `[${part.value.label}]`;
      text += `{{${part.value.name}}}`;
    }
  }
  if (!letters) return null;
  const kind = KINDS[element.tag] ?? 'Text';
  return { start: element.innerStart, end: element.innerEnd, kind, words, text, values };
}

/** A block's child: text (a line break is a new line), or a value; null for anything else. */
function blockPart(html: string, node: HtmlNode): { text: string; value?: BlockValue } | null {
  if (node.kind === 'text') return { text: node.source };
  if (node.tag === 'br') return { text: '\n' };
  if (!VALUE_WRAPPERS.has(node.tag) || node.children.length !== 1) return null;
  const only = node.children[0]!;
  const name = only.kind === 'text' ? ONE_PLACEHOLDER.exec(only.source)?.[1] : undefined;
  if (!name) return null;
  return { text: '', value: { label: bindingWords(name), name, html: html.slice(node.start, node.end) } };
}

export interface TemplateContent {
  html: string;
  txt: string;
  /** The values the template may use: any of them can be written into a block as [words]. */
  bindings: readonly string[];
}

export type WordsChange = { ok: true; html: string; txt: string } | { ok: false; errors: Record<number, string> };

/**
 * The template with each block's words replaced by `words` (one entry per block, in order). The
 * plain-text body follows where it holds a block's old words verbatim. A block that loses one of
 * its values, writes a {{placeholder}} by hand or runs too long is refused, by its index.
 */
export function replaceBlockWords(template: TemplateContent, words: readonly string[]): WordsChange {
  const blocks = textBlocks(template.html);
  const errors: Record<number, string> = {};
  let html = template.html;
  let txt = template.txt;
  const built = blocks.map((block, index) => {
    const wanted = (words[index] ?? block.words).replace(/\r\n?/g, '\n');
    const result = blockContent(block, wanted, template.bindings);
    if ('error' in result) errors[index] = result.error;
    return result;
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  for (let index = blocks.length - 1; index >= 0; index -= 1) {
    const block = blocks[index]!;
    const result = built[index] as { html: string; text: string };
    if (result.text === block.text) continue;
    html = html.slice(0, block.start) + result.html + html.slice(block.end);
    const at = block.text.trim() ? txt.indexOf(block.text) : -1;
    if (at >= 0) txt = txt.slice(0, at) + result.text + txt.slice(at + block.text.length);
  }
  return { ok: true, html, txt };
}

export function blockContent(
  block: TextBlock,
  words: string,
  bindings: readonly string[],
): { html: string; text: string } | { error: string } {
  if (words.length > BLOCK_WORDS_MAX) return { error: `Use at most ${BLOCK_WORDS_MAX} characters here.` };
  if (/\{\{|\}\}/.test(words)) {
    return { error: 'Write a value in square brackets, as [customer name], not with {{ }}.' };
  }
  const byLabel = new Map<string, BlockValue>();
  for (const name of bindings) {
    if (!name.endsWith('Html'))
      byLabel.set(bindingWords(name), { label: bindingWords(name), name, html: `{{${name}}}` });
  }
  // A value as this block holds it (a bold order number stays bold).
  for (const value of block.values) byLabel.set(value.label, value);
  let html = '';
  let text = '';
  const used = new Set<string>();
  let last = 0;
  for (const match of words.matchAll(/\[([^[\]\n]{1,60})\]/g)) {
    const value = byLabel.get(match[1]!.trim().toLowerCase());
    if (!value) continue;
    const before = words.slice(last, match.index);
    html += `${encodeText(before).replace(/\n/g, '<br>')}${value.html}`;
    text += `${before}{{${value.name}}}`;
    used.add(value.label);
    last = match.index + match[0].length;
  }
  html += encodeText(words.slice(last)).replace(/\n/g, '<br>');
  text += words.slice(last);
  const lost = block.values.find((value) => !used.has(value.label));
  if (lost) return { error: `Keep [${lost.label}] in these words: the e-mail fills it in there.` };
  return { html, text };
}
