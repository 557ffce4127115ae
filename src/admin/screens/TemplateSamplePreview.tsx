import { useState } from 'react';
import type { TemplatePreview, TemplatePreviewRequest } from '../../lib/admin-schemas/templates.ts';
import { api } from '../api.ts';
import { Button } from '../ui/controls.tsx';
import { useAction } from '../use-action.ts';

const sameDraft = (a: TemplatePreviewRequest, b: TemplatePreviewRequest) =>
  a.name === b.name && a.subject === b.subject && a.txt === b.txt && a.html === b.html;

/**
 * "Preview with a sample order": the unsaved draft rendered by the server exactly as the outbox
 * renders a real e-mail (placeholders filled from a sample order, the HTML sanitised), so the
 * owner sees what a customer would get before saving.
 */
export function TemplateSamplePreview({ draft }: { draft: TemplatePreviewRequest }) {
  const [shown, setShown] = useState<{ draft: TemplatePreviewRequest; mail: TemplatePreview } | null>(null);
  const { pending, error, run } = useAction('Could not render the preview.');
  const preview = () =>
    run(async () => {
      const sent = { ...draft };
      setShown({ draft: sent, mail: await api.post<TemplatePreview>('template-preview', sent) });
    });
  return (
    <section className="adm-wide" aria-labelledby="template-sample-preview">
      <h3 id="template-sample-preview">E-mail preview</h3>
      <Button onPress={() => void preview()} isDisabled={pending}>
        Preview with a sample order
      </Button>
      {error ? (
        <p className="adm-error" role="alert">
          {error}
        </p>
      ) : null}
      {shown ? (
        <div className="adm-sample-preview">
          {sameDraft(shown.draft, draft) ? null : (
            <p className="adm-hint">The draft changed since this preview: preview again to see it.</p>
          )}
          <p>
            <strong>Subject:</strong> {shown.mail.subject}
          </p>
          {shown.mail.missing.length > 0 ? (
            <p className="adm-hint">The sample has no value for {shown.mail.missing.join(', ')}: left empty.</p>
          ) : null}
          {shown.mail.html === null ? (
            <pre className="adm-sample-text">{shown.mail.text}</pre>
          ) : (
            // sandbox="" runs no script and gives the mail's HTML no access to the admin page.
            <iframe
              className="adm-preview-frame"
              title="E-mail preview with a sample order"
              sandbox=""
              srcDoc={shown.mail.html}
            />
          )}
        </div>
      ) : null}
    </section>
  );
}
