import { useMemo } from 'react';
import { replaceBlockWords, type TextBlock, textBlocks } from '../../lib/mail-templates/text-blocks.ts';
import { bindingWords } from '../../lib/site/template-purposes.ts';
import { TextField } from '../ui/controls.tsx';

/** "Paragraph 2": a block named by what holds it, counted among its kind. */
function blockLabels(blocks: readonly TextBlock[]): string[] {
  const total = new Map<string, number>();
  for (const block of blocks) total.set(block.kind, (total.get(block.kind) ?? 0) + 1);
  const seen = new Map<string, number>();
  return blocks.map((block) => {
    const n = (seen.get(block.kind) ?? 0) + 1;
    seen.set(block.kind, n);
    return total.get(block.kind) === 1 ? block.kind : `${block.kind} ${n}`;
  });
}

/**
 * The e-mail's words, block by block (issue 44, item 5): what the owner changes without HTML.
 * The blocks are those of the template as it opened (`base`), so they stay put while the words
 * change; each change is put into that layout here for the preview, and by the server on save.
 * A value (a placeholder) reads as [words]; a block that lost one says so at once.
 */
export function TemplateWords({
  base,
  words,
  bindings,
  onChange,
  errors,
  locked,
}: {
  base: { html: string; txt: string };
  words: readonly string[] | undefined;
  bindings: readonly string[];
  onChange: (change: { words: string[]; html: string; txt: string }) => void;
  errors: Record<string, string>;
  /** Why the words cannot be changed now (the HTML source was edited), or null. */
  locked: string | null;
}) {
  const blocks = useMemo(() => textBlocks(base.html), [base.html]);
  const labels = useMemo(() => blockLabels(blocks), [blocks]);
  const current = blocks.map((block, index) => words?.[index] ?? block.words);
  const checked = replaceBlockWords({ ...base, bindings }, current);
  const offered = bindings.filter((name) => !name.endsWith('Html')).map((name) => `[${bindingWords(name)}]`);

  const change = (index: number, text: string) => {
    const next = current.map((old, i) => (i === index ? text : old));
    const result = replaceBlockWords({ ...base, bindings }, next);
    onChange({ words: next, ...(result.ok ? { html: result.html, txt: result.txt } : base) });
  };

  return (
    <section className="adm-template-words" aria-labelledby="template-words">
      <h3 id="template-words">Words of the e-mail</h3>
      {locked ? <p className="adm-info">{locked}</p> : null}
      {blocks.length === 0 ? (
        <p className="adm-hint">This e-mail has no words outside its HTML: change it under “HTML and text source”.</p>
      ) : (
        <p className="adm-hint">
          The layout, prices and order details stay as they are. Words in square brackets are filled in for each
          customer: keep them. You can also write {offered.length > 0 ? offered.join(', ') : 'no other values'}.
        </p>
      )}
      {blocks.map((block, index) => (
        <TextField
          key={`${block.start}-${block.kind}`}
          label={labels[index]!}
          multiline
          rows={Math.min(6, Math.max(2, Math.ceil(current[index]!.length / 70)))}
          value={current[index]}
          isReadOnly={locked !== null}
          onChange={(text) => change(index, text)}
          errorMessage={(checked.ok ? undefined : checked.errors[index]) ?? errors[`words.${index}`]}
          {...(block.text.trim() && !base.txt.includes(block.text)
            ? { description: 'The plain-text copy words this differently: change it under “HTML and text source”.' }
            : {})}
        />
      ))}
    </section>
  );
}
