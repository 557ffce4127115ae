import { useMemo } from 'react';
import { plainParagraphs, replaceParagraphWords } from '../../lib/mail-templates/plain-paragraphs.ts';
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

export interface WordsDraft {
  words?: string[] | undefined;
  textWords?: string[] | undefined;
}

/**
 * The HTML and text the words make of the template as it opened, for the preview (the server
 * does the same on save). The plain text follows the HTML's words unless the owner gave it its own.
 */
function draftOf(base: { html: string; txt: string }, bindings: readonly string[], draft: WordsDraft) {
  let { html, txt } = base;
  if (draft.words) {
    const changed = replaceBlockWords({ ...base, bindings }, draft.words);
    if (changed.ok) {
      html = changed.html;
      if (!draft.textWords) txt = changed.txt;
    }
  }
  if (draft.textWords) {
    const changed = replaceParagraphWords({ txt: base.txt, bindings }, draft.textWords);
    if (changed.ok) txt = changed.txt;
  }
  return { html, txt };
}

function WordBoxes({
  blocks,
  current,
  errors,
  errorKey,
  checked,
  locked,
  hint,
  onChange,
}: {
  blocks: readonly TextBlock[];
  current: readonly string[];
  errors: Record<string, string>;
  errorKey: string;
  checked: { ok: true } | { ok: false; errors: Record<number, string> };
  locked: boolean;
  hint?: (block: TextBlock) => string | undefined;
  onChange: (next: string[]) => void;
}) {
  const labels = useMemo(() => blockLabels(blocks), [blocks]);
  return blocks.map((block, index) => {
    const description = hint?.(block);
    return (
      <TextField
        key={`${block.start}-${block.kind}`}
        label={labels[index]!}
        multiline
        rows={Math.min(6, Math.max(2, Math.ceil(current[index]!.length / 70)))}
        value={current[index]}
        isReadOnly={locked}
        onChange={(text) => onChange(current.map((old, i) => (i === index ? text : old)))}
        errorMessage={(checked.ok ? undefined : checked.errors[index]) ?? errors[`${errorKey}.${index}`]}
        {...(description ? { description } : {})}
      />
    );
  });
}

/**
 * The e-mail's words, block by block (issue 44, item 5): what the owner changes without HTML,
 * then the plain-text copy's paragraphs. The blocks are those of the template as it opened
 * (`base`), so they stay put while the words change; a change is put into that layout here for
 * the preview, and by the server on save. A value reads as [words]; losing one is said at once.
 */
export function TemplateWords({
  base,
  draft,
  bindings,
  onChange,
  errors,
  locked,
}: {
  base: { html: string; txt: string };
  draft: WordsDraft;
  bindings: readonly string[];
  onChange: (change: WordsDraft & { html: string; txt: string }) => void;
  errors: Record<string, string>;
  /** Why the words cannot be changed now (the HTML source was edited), or null. */
  locked: string | null;
}) {
  const blocks = useMemo(() => textBlocks(base.html), [base.html]);
  const paragraphs = useMemo(() => plainParagraphs(base.txt), [base.txt]);
  const words = blocks.map((block, index) => draft.words?.[index] ?? block.words);
  const textWords = paragraphs.map((paragraph, index) => draft.textWords?.[index] ?? paragraph.words);
  const offered = bindings.filter((name) => !name.endsWith('Html')).map((name) => `[${bindingWords(name)}]`);
  const change = (next: WordsDraft) => {
    const merged = { ...draft, ...next };
    onChange({ ...merged, ...draftOf(base, bindings, merged) });
  };

  return (
    <section className="adm-template-words" aria-labelledby="template-words">
      <h3 id="template-words">Words of the e-mail</h3>
      {locked ? <p className="adm-info">{locked}</p> : null}
      {blocks.length === 0 && paragraphs.length === 0 ? (
        <p className="adm-hint">This e-mail has no words outside its HTML: change it under “HTML and text source”.</p>
      ) : (
        <p className="adm-hint">
          The layout, prices and order details stay as they are. Words in square brackets are filled in for each
          customer: keep them. You can also write {offered.length > 0 ? offered.join(', ') : 'no other values'}.
        </p>
      )}
      <WordBoxes
        blocks={blocks}
        current={words}
        errors={errors}
        errorKey="words"
        checked={replaceBlockWords({ ...base, bindings }, words)}
        locked={locked !== null}
        hint={(block) =>
          block.text.trim() && !base.txt.includes(block.text) && !draft.textWords
            ? 'The plain-text copy below says this in its own words.'
            : undefined
        }
        onChange={(next) => change({ words: next })}
      />
      {paragraphs.length > 0 ? (
        <>
          <h4>Plain-text copy (for mail apps that show no HTML)</h4>
          <WordBoxes
            blocks={paragraphs}
            current={textWords}
            errors={errors}
            errorKey="text_words"
            checked={replaceParagraphWords({ txt: base.txt, bindings }, textWords)}
            locked={locked !== null}
            onChange={(next) => change({ textWords: next })}
          />
        </>
      ) : null}
    </section>
  );
}
