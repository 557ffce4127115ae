import type { Option } from '../ui/controls.tsx';
import { Button } from '../ui/controls.tsx';
import { ImagePicker } from '../ui/ImagePicker.tsx';

/** A colour's picture as the form holds it: the saved one by URL, or a file just chosen. */
export type ColorImageDraft = { url?: string | null; base64?: string; contentType?: string };
export type ColorImageDrafts = Record<string, ColorImageDraft>;

const hasImage = (draft: ColorImageDraft | undefined) => Boolean(draft?.base64 || draft?.url);

/** The colours that have a picture, in the order the form lists them: their index is the payload's. */
function withImages(colorIds: readonly string[], drafts: ColorImageDrafts): string[] {
  return colorIds.filter((id) => hasImage(drafts[id]));
}

/**
 * `color_images` of a save: each chosen colour with a picture, a new file as its bytes and a
 * saved one by URL. Always sent, so a picture removed here is removed on the server too.
 */
export function colorImagesPayload(colorIds: readonly string[], drafts: ColorImageDrafts) {
  return withImages(colorIds, drafts).map((id) => {
    const draft = drafts[id]!;
    return draft.base64
      ? { color_id: id, imageBase64: draft.base64, imageContentType: draft.contentType ?? '' }
      : { color_id: id, image_url: draft.url! };
  });
}

/** The drafts of a saved product's colours. */
export function colorImageDrafts(colors: readonly { id: string; image_url: string | null }[]): ColorImageDrafts {
  return Object.fromEntries(colors.flatMap((c) => (c.image_url ? [[c.id, { url: c.image_url }]] : [])));
}

interface Props {
  /** The chosen colours, with their names. */
  colors: Option[];
  /** The form's colour ids, in the order the payload lists them (errors name its indexes). */
  colorIds: readonly string[];
  drafts: ColorImageDrafts;
  errors: Record<string, string>;
  onChange: (drafts: ColorImageDrafts) => void;
}

/**
 * A picture per colour (docs/decisions/0028-owner-and-receipts.md), each optional: the shop shows
 * it when a customer picks the colour, and in the cart and on the receipt for that colour; without one, the main image.
 */
export function ProductColorImages({ colors, colorIds, drafts, errors, onChange }: Props) {
  if (colors.length === 0) return null;
  const indexed = withImages(colorIds, drafts);
  const set = (id: string, draft: ColorImageDraft | null) => {
    const next = { ...drafts };
    if (draft) next[id] = draft;
    else delete next[id];
    onChange(next);
  };
  return (
    <fieldset className="adm-fieldset adm-wide">
      <legend>Colour pictures</legend>
      <p>Optional. Shown when a customer picks the colour; otherwise the main image shows.</p>
      <div className="adm-choice-list">
        {colors.map((color) => {
          const draft = drafts[color.id];
          const at = `color_images.${indexed.indexOf(color.id)}`;
          const error =
            errors[`${at}.imageBase64`] ??
            errors[`${at}.imageContentType`] ??
            errors[`${at}.image_url`] ??
            errors[`${at}.color_id`];
          return (
            <div key={color.id}>
              <ImagePicker
                label={`${color.label} picture`}
                currentUrl={draft?.url ?? null}
                picked={draft?.base64 ? { base64: draft.base64, contentType: draft.contentType ?? '' } : null}
                onPick={(image) =>
                  set(color.id, image ? { base64: image.base64, contentType: image.contentType } : (draft ?? null))
                }
                errorMessage={hasImage(draft) ? error : undefined}
              />
              {hasImage(draft) ? (
                <Button variant="quiet" onPress={() => set(color.id, null)}>
                  Remove {color.label} picture
                </Button>
              ) : null}
            </div>
          );
        })}
      </div>
      {errors['color_images'] ? <p className="adm-field-error">{errors['color_images']}</p> : null}
    </fieldset>
  );
}
