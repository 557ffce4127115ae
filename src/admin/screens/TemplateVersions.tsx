import { useEffect, useState } from 'react';
import type { TemplateVersion } from '../../lib/admin-schemas/templates.ts';
import { api, SessionEndedError } from '../api.ts';
import { dateTime } from '../format.ts';
import { Button } from '../ui/controls.tsx';

/**
 * A template's earlier versions (the server keeps what each save replaced, the newest 20).
 * Restoring one puts its content in the form; Save then stores it as a new version, so a
 * restore can be previewed first and undone like any other save.
 */
export function TemplateVersions({
  templateId,
  onRestore,
}: {
  templateId: string;
  onRestore: (version: TemplateVersion) => void;
}) {
  const [versions, setVersions] = useState<TemplateVersion[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [restored, setRestored] = useState<TemplateVersion | null>(null);
  useEffect(() => {
    let live = true;
    api
      .get<TemplateVersion[]>(`templates/${templateId}/versions`)
      .then((list) => live && setVersions(list))
      .catch((e: unknown) => {
        if (live && !(e instanceof SessionEndedError)) setError('Could not load the earlier versions.');
      });
    return () => {
      live = false;
    };
  }, [templateId]);

  const restore = (version: TemplateVersion) => {
    onRestore(version);
    setRestored(version);
  };
  return (
    <section className="adm-wide" aria-labelledby="template-versions">
      <h3 id="template-versions">Previous versions</h3>
      {error ? <p className="adm-error">{error}</p> : null}
      {versions?.length === 0 ? (
        <p className="adm-hint">No earlier versions: this template has not been changed.</p>
      ) : null}
      <p role="status" className={restored ? 'adm-info' : undefined}>
        {restored
          ? `The version saved ${dateTime(restored.saved_at)} is in the form: preview it, then Save to restore it.`
          : ''}
      </p>
      {versions && versions.length > 0 ? (
        <ul className="adm-versions" aria-label="Previous versions">
          {versions.map((version, index) => (
            <li key={version.id}>
              <span>
                Saved {dateTime(version.saved_at)}, replaced {dateTime(version.replaced_at)}: “{version.subject}”
              </span>
              <Button
                variant="quiet"
                onPress={() => restore(version)}
                {...(index === 0 ? {} : { 'aria-label': `Restore the version saved ${dateTime(version.saved_at)}` })}
              >
                {index === 0 ? 'Restore previous version' : 'Restore'}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
