import { useId } from 'react';
import { IMAGE_CONTENT_TYPES } from '../../lib/admin-schemas/images.ts';
import { imageUrl } from '../../lib/catalog/images.ts';

export interface PickedImage {
  base64: string;
  contentType: string;
}

/** Reads a chosen file as a data: URL, the form the save payload carries (imageMainBase64, …). */
function readFile(file: File): Promise<PickedImage> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ base64: String(reader.result), contentType: file.type });
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** An image file input (image types only) with a preview of the new or current image. */
export function ImagePicker({
  label,
  currentUrl,
  picked,
  onPick,
  errorMessage,
}: {
  label: string;
  currentUrl: string | null | undefined;
  picked: PickedImage | null;
  onPick: (image: PickedImage | null) => void;
  errorMessage?: string | undefined;
}) {
  const id = useId();
  // A stored upload (`/uploads/<id>.webp`) is only answered through the image CDN, as the storefront reads it.
  const preview = picked?.base64 ?? (currentUrl ? imageUrl(currentUrl, 400) : null);
  return (
    <div className="adm-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={IMAGE_CONTENT_TYPES.join(',')}
        onChange={async (event) => {
          const file = event.target.files?.[0];
          onPick(file ? await readFile(file) : null);
        }}
      />
      {preview ? <img className="adm-preview-img" src={preview} alt={`${label} preview`} /> : null}
      {errorMessage ? <span className="adm-field-error">{errorMessage}</span> : null}
    </div>
  );
}

/**
 * The upload fields of one slot for a save payload. Without a new image, a new record (a clone)
 * keeps the image it was copied with by URL: stored images are never deleted with a record, so
 * two records can share one. An edit sends nothing and its stored image stays.
 */
export function imagePayload(prefix: 'Main' | 'Secondary' | 'Header', value: unknown): Record<string, string> {
  const form = value as Record<string, unknown>;
  const base64 = form[`image${prefix}Base64`];
  const contentType = form[`image${prefix}ContentType`];
  if (typeof base64 !== 'string' || base64 === '' || typeof contentType !== 'string') {
    const urlKey = `image_${prefix.toLowerCase()}_url`;
    const url = form[urlKey];
    return !form['id'] && typeof url === 'string' && url !== '' ? { [urlKey]: url } : {};
  }
  return { [`image${prefix}Base64`]: base64, [`image${prefix}ContentType`]: contentType };
}

/** Picker wired to a form's image<prefix>Base64 / ContentType fields. */
export function FormImage({
  prefix,
  label,
  value,
  onChange,
  errors,
}: {
  prefix: 'Main' | 'Secondary' | 'Header';
  label: string;
  value: Record<string, unknown>;
  onChange: (patch: Record<string, unknown>) => void;
  errors: Record<string, string>;
}) {
  const urlKey = `image_${prefix.toLowerCase()}_url`;
  const base64 = value[`image${prefix}Base64`];
  const contentType = value[`image${prefix}ContentType`];
  return (
    <ImagePicker
      label={label}
      currentUrl={typeof value[urlKey] === 'string' ? (value[urlKey] as string) : null}
      picked={typeof base64 === 'string' && base64 ? { base64, contentType: String(contentType ?? '') } : null}
      onPick={(image) =>
        onChange({
          [`image${prefix}Base64`]: image?.base64 ?? null,
          [`image${prefix}ContentType`]: image?.contentType ?? null,
        })
      }
      errorMessage={errors[`image${prefix}Base64`] ?? errors[`image${prefix}ContentType`]}
    />
  );
}
