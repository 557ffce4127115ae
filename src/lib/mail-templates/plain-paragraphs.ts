import { bindingWords } from '../site/template-purposes.ts';
import { blockContent, type TextBlock } from './text-blocks.ts';

/**
 * The plain-text copy of an e-mail (what a mail app without HTML shows) as the owner rewords it:
 * its paragraphs (text between blank lines) that hold words, each read with its values as
 * [words], as the HTML's text blocks are. A paragraph of values alone (the item list, the
 * footer) stays as it is. A save replaces a paragraph's words and keeps every value it held.
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

export function plainParagraphs(txt: string): TextBlock[] {
  const paragraphs: TextBlock[] = [];
  const breaks = /\n[ \t]*\n+/g;
  let start = 0;
  const take = (end: number) => {
    const text = txt.slice(start, end);
    if (/\p{L}/u.test(text.replace(PLACEHOLDER, ''))) {
      const values = [...text.matchAll(PLACEHOLDER)].map((m) => ({
        label: bindingWords(m[1]!),
        name: m[1]!,
        html: m[0],
      }));
      const words = text.replace(PLACEHOLDER, (_, name: string) => `[${bindingWords(name)}]`);
      paragraphs.push({ start, end, kind: 'Plain-text paragraph', words, text, values });
    }
  };
  for (const match of txt.matchAll(breaks)) {
    take(match.index);
    start = match.index + match[0].length;
  }
  take(txt.length);
  return paragraphs;
}

export type ParagraphsChange = { ok: true; txt: string } | { ok: false; errors: Record<number, string> };

/** The text body with each paragraph's words replaced by `words` (one entry per paragraph, in order). */
export function replaceParagraphWords(
  template: { txt: string; bindings: readonly string[] },
  words: readonly string[],
): ParagraphsChange {
  const paragraphs = plainParagraphs(template.txt);
  const errors: Record<number, string> = {};
  const built = paragraphs.map((paragraph, index) => {
    const result = blockContent(
      paragraph,
      (words[index] ?? paragraph.words).replace(/\r\n?/g, '\n'),
      template.bindings,
    );
    if ('error' in result) errors[index] = result.error;
    return 'error' in result ? paragraph.text : result.text;
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  let txt = template.txt;
  for (let index = paragraphs.length - 1; index >= 0; index -= 1) {
    const paragraph = paragraphs[index]!;
    txt = txt.slice(0, paragraph.start) + built[index] + txt.slice(paragraph.end);
  }
  return { ok: true, txt };
}
