import { useEffect, useState } from 'react';
import type { AdminPrintBox } from '../../lib/admin-schemas/print-boxes.ts';
import { ApiError, api } from '../api.ts';
import { boxKey } from '../print-box-draft.ts';
import { Button } from '../ui/controls.tsx';
import { useAction } from '../use-action.ts';
import { type BoxDraft, PrintBoxEditor } from './PrintBoxEditor.tsx';

interface Props {
  productId: string;
  /** The colours with a saved picture: their id, name and picture. */
  pictures: { id: string; label: string; url: string }[];
  /** The saved print locations. */
  locations: { code: string; name: string; print_width_in: number | null }[];
}

type Drafts = Record<string, BoxDraft>;

const toDrafts = (boxes: AdminPrintBox[]): Drafts =>
  Object.fromEntries(
    boxes.map(({ color_id, location_code, image_url: _url, ...box }) => [boxKey(color_id, location_code), box]),
  );

/**
 * Print boxes (issue 49): for each colour picture and each print location, where the location
 * prints on that photo. Saved on their own (the picture and the locations must be saved first),
 * so the product's other fields are not sent again.
 */
export function ProductPrintBoxes({ productId, pictures, locations }: Props) {
  const [drafts, setDrafts] = useState<Drafts | null>(null);
  const [errors, setErrors] = useState<Record<string, Record<string, string>>>({});
  const [saved, setSaved] = useState(false);
  const { pending, error, run } = useAction('The print boxes were not saved.');

  useEffect(() => {
    let live = true;
    api.get<{ boxes: AdminPrintBox[] }>(`products/${productId}/print-boxes`).then(
      (answer) => live && setDrafts(toDrafts(answer.boxes)),
      () => live && setDrafts({}),
    );
    return () => {
      live = false;
    };
  }, [productId]);

  if (pictures.length === 0 || locations.length === 0) {
    return (
      <fieldset className="adm-fieldset adm-wide">
        <legend>Print boxes</legend>
        <p>Save colour pictures and print locations first; then mark where each location prints on each picture.</p>
      </fieldset>
    );
  }
  if (!drafts) return <p className="adm-wide">Loading print boxes…</p>;

  const entries = pictures.flatMap((p) =>
    locations.map((l) => ({ picture: p, location: l, key: boxKey(p.id, l.code) })),
  );
  const save = () =>
    run(async () => {
      const sent = entries.flatMap(({ picture, location, key }) => {
        const box = drafts[key];
        return box
          ? [{ key, body: { color_id: picture.id, location_code: location.code, image_url: picture.url, ...box } }]
          : [];
      });
      setSaved(false);
      try {
        const answer = await api.put<{ boxes: AdminPrintBox[] }>(`products/${productId}/print-boxes`, {
          boxes: sent.map((s) => s.body),
        });
        setDrafts(toDrafts(answer.boxes));
        setErrors({});
        setSaved(true);
      } catch (e) {
        const fields = e instanceof ApiError ? (e.fields ?? {}) : {};
        const byKey: Record<string, Record<string, string>> = {};
        for (const [path, message] of Object.entries(fields)) {
          const [, index, field] = path.split('.');
          const key = sent[Number(index)]?.key;
          if (key && field) byKey[key] = { ...byKey[key], [field]: message };
        }
        setErrors(byKey);
        throw e;
      }
    });

  return (
    <fieldset className="adm-fieldset adm-wide">
      <legend>Print boxes</legend>
      <p>
        Where each location prints on each colour’s picture, and how wide that is in inches: customers’ artwork is drawn
        inside it at true size.
      </p>
      {entries.map(({ picture, location, key }) => (
        <PrintBoxEditor
          key={key}
          label={`${picture.label}, ${location.name}`}
          imageUrl={picture.url}
          box={drafts[key] ?? null}
          defaultWidthIn={location.print_width_in}
          errors={errors[key] ?? {}}
          onChange={(box) => {
            setSaved(false);
            const next = { ...drafts };
            if (box) next[key] = box;
            else delete next[key];
            setDrafts(next);
          }}
        />
      ))}
      <Button variant="secondary" isDisabled={pending} onPress={save}>
        Save print boxes
      </Button>
      <p role="status">{saved ? 'Print boxes saved.' : ''}</p>
      {error ? <p className="adm-field-error">{error}</p> : null}
    </fieldset>
  );
}
