import { useEffect, useState } from 'react';
import type { TemplatePreview, TemplatePreviewRequest } from '../../lib/admin-schemas/templates.ts';
import { bindingWords } from '../../lib/site/template-purposes.ts';
import { api } from '../api.ts';
import { useAction } from '../use-action.ts';

/** How long the words rest before the preview asks the server again. */
const PAUSE_MS = 400;

/**
 * The e-mail preview beside the words: the unsaved draft rendered by the server exactly as the
 * outbox renders a real e-mail (placeholders filled from a sample order, the HTML sanitised), at
 * once and again a moment after each change, so the owner sees what a customer would get.
 */
export function TemplateSamplePreview({ draft }: { draft: TemplatePreviewRequest }) {
  const [mail, setMail] = useState<TemplatePreview | null>(null);
  const { pending, error, run } = useAction('Could not render the preview.');
  const { name, subject, txt, html } = draft;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft's four fields are what it renders.
  useEffect(() => {
    if (!subject.trim()) return;
    const timer = setTimeout(
      () =>
        void run(async () =>
          setMail(await api.post<TemplatePreview>('template-preview', { name, subject, txt, html })),
        ),
      mail ? PAUSE_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [name, subject, txt, html]);
  return (
    <section className="adm-template-live" aria-labelledby="template-sample-preview">
      <h3 id="template-sample-preview">E-mail preview</h3>
      {/* Not a live region: it changes with every pause in typing, which would interrupt a reader. */}
      <p className="adm-hint">{pending ? 'Updating the preview…' : 'As a customer gets it, with a sample order.'}</p>
      {error ? (
        <p className="adm-error" role="alert">
          {error}
        </p>
      ) : null}
      {mail ? (
        <div className="adm-sample-preview">
          <p>
            <strong>Subject:</strong> {mail.subject}
          </p>
          {mail.missing.length > 0 ? (
            <p className="adm-hint">
              The sample has no value for {mail.missing.map((name) => `[${bindingWords(name)}]`).join(', ')}: left
              empty.
            </p>
          ) : null}
          {mail.html === null ? (
            <pre className="adm-sample-text">{mail.text}</pre>
          ) : (
            // sandbox="" runs no script and gives the mail's HTML no access to the admin page.
            <iframe
              className="adm-preview-frame"
              title="E-mail preview with a sample order"
              sandbox=""
              srcDoc={mail.html}
            />
          )}
        </div>
      ) : null}
    </section>
  );
}
