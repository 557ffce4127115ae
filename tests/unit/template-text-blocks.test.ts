import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { plainParagraphs, replaceParagraphWords } from '../../src/lib/mail-templates/plain-paragraphs.ts';
import { replaceBlockWords, textBlocks } from '../../src/lib/mail-templates/text-blocks.ts';

/** The order confirmation as the seed stores it (the shop's own layout). */
function seededConfirmation() {
  const seed = readFileSync(new URL('../../supabase/seed.sql', import.meta.url), 'utf8');
  const at = seed.indexOf("('order-confirmation',");
  const rows = [...seed.slice(at).matchAll(/^\s+E?'((?:[^']|'')*)',?$/gm)].map((m) =>
    m[1]!.replace(/''/g, "'").replace(/\\n/g, '\n'),
  );
  const [, txt, html] = rows;
  const bindings = [...seed.slice(at).matchAll(/array\[([^\]]*)\]/g)][0]![1]!.match(/[A-Za-z]+/g)!;
  return { txt: txt!, html: html!, bindings };
}

const template = seededConfirmation();
const blocks = textBlocks(template.html);
const greeting = () => blocks.findIndex((block) => block.words.startsWith('Hi [customer name]'));

describe('an e-mail template’s text blocks', () => {
  it('reads the confirmation’s words with its values as words, not its layout', () => {
    const words = blocks.map((block) => block.words);
    expect(words).toContain('Thanks for your order!');
    expect(words).toContain(
      'Hi [customer name], we have received your payment and order [order number] is in line for the press.',
    );
    expect(words).toContain('Follow your order');
    expect(words.join('\n')).not.toMatch(/[<>]|\{\{/);
    expect(blocks[greeting()]!.kind).toBe('Paragraph');
  });

  it('replaces a block’s words and nothing else of the layout, keeping its values as stored', () => {
    const words = blocks.map((block) => block.words);
    words[greeting()] = 'Howdy [customer name]! Order [order number] is paid and heading for the press.';
    const changed = replaceBlockWords(template, words);
    expect(changed.ok).toBe(true);
    if (!changed.ok) return;
    expect(changed.html).toContain(
      '<p>Howdy {{customerName}}! Order <strong>{{orderNumber}}</strong> is paid and heading for the press.</p>',
    );
    const before = template.html.split(/<p>Hi [^<]*(?:<strong>[^<]*<\/strong>[^<]*)?<\/p>/);
    const after = changed.html.split(/<p>Howdy [^<]*(?:<strong>[^<]*<\/strong>[^<]*)?<\/p>/);
    expect(after).toEqual(before);
    expect(changed.txt).toBe(template.txt);
  });

  it('escapes HTML typed into a block, so no tag or attribute gets in', () => {
    const words = blocks.map((block) => block.words);
    words[greeting()] = 'Hi [customer name] <img src=x onerror=alert(1)> & "[order number]"</p><table>';
    const changed = replaceBlockWords(template, words);
    expect(changed.ok).toBe(true);
    if (!changed.ok) return;
    expect(changed.html).toContain(
      '<p>Hi {{customerName}} &lt;img src=x onerror=alert(1)&gt; &amp; &quot;<strong>{{orderNumber}}</strong>&quot;&lt;/p&gt;&lt;table&gt;</p>',
    );
    expect(textBlocks(changed.html).length).toBe(blocks.length);
  });

  it('refuses a save that leaves out a value the block holds, or writes {{ }} by hand', () => {
    const words = blocks.map((block) => block.words);
    words[greeting()] = 'Hi [customer name], thanks!';
    const lost = replaceBlockWords(template, words);
    expect(lost).toEqual({
      ok: false,
      errors: { [greeting()]: 'Keep [order number] in these words: the e-mail fills it in there.' },
    });
    words[greeting()] = 'Hi {{customerName}}, order [order number] is paid.';
    const raw = replaceBlockWords(template, words);
    expect(raw.ok).toBe(false);
  });

  it('lets the owner add a value the template offers, and follows the plain text where it says the same', () => {
    const html = '<div style="color:red"><p>Total due: {{total}}</p></div>';
    const txt = 'Total due: {{total}}\nBye';
    const changed = replaceBlockWords({ html, txt, bindings: ['total', 'customerName', 'itemsHtml'] }, [
      'Dear [customer name]\nyou owe [total]. [items html] [not a value]',
    ]);
    expect(changed).toEqual({
      ok: true,
      html: '<div style="color:red"><p>Dear {{customerName}}<br>you owe {{total}}. [items html] [not a value]</p></div>',
      txt: 'Dear {{customerName}}\nyou owe {{total}}. [items html] [not a value]\nBye',
    });
  });
});

describe('the plain-text copy’s paragraphs', () => {
  it('reads the paragraphs that hold words, values as words, and leaves values alone', () => {
    const paragraphs = plainParagraphs(template.txt);
    expect(paragraphs[0]!.words).toBe('Hi [customer name],');
    expect(paragraphs[1]!.words).toBe(
      'Thanks for your order! We have received your payment and your order [order number] is in line for the press.',
    );
    expect(paragraphs.map((p) => p.words)).not.toContain('[items text]');
  });

  it('replaces a paragraph’s words as typed (no HTML escaping in plain text) and refuses one that drops a value', () => {
    const words = plainParagraphs(template.txt).map((p) => p.words);
    words[1] = 'Order [order number] is paid & <lined up>.';
    const changed = replaceParagraphWords(template, words);
    expect(changed.ok && changed.txt).toBe(
      template.txt.replace(
        'Thanks for your order! We have received your payment and your order {{orderNumber}} is in line for the press.',
        'Order {{orderNumber}} is paid & <lined up>.',
      ),
    );
    words[1] = 'Paid, thanks.';
    expect(replaceParagraphWords(template, words)).toEqual({
      ok: false,
      errors: { 1: 'Keep [order number] in these words: the e-mail fills it in there.' },
    });
  });
});
