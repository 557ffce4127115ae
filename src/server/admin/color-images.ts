import type { Kysely } from 'kysely';
import type { ColorImageInput } from '../../lib/admin-schemas/color-images.ts';
import type { Database } from '../db/types.ts';
import { Invalid } from '../errors.ts';
import { imageStore } from './image-store.ts';
import { type PreparedImage, prepareUpload } from './images.ts';

/** A colour's picture, checked and ready to store: kept by URL or a new upload. */
interface PreparedColorImage {
  colorId: string;
  url: string | null;
  upload: Omit<PreparedImage, 'slot'> | null;
}

/**
 * Checks the colour pictures of a save before anything is stored
 * (docs/decisions/0028-owner-and-receipts.md): each names a colour the product is offered in (after
 * the save), and each upload passes the checks a main image does. A refusal names the entry's
 * field, e.g. `color_images.0.color_id`.
 */
export async function prepareColorImages(
  entries: readonly ColorImageInput[],
  colorIds: readonly string[],
): Promise<PreparedColorImage[]> {
  const fields: Record<string, string> = {};
  entries.forEach((entry, index) => {
    if (!colorIds.includes(entry.color_id)) {
      fields[`color_images.${index}.color_id`] = 'Pick one of the product’s colours for this picture.';
    }
  });
  if (Object.keys(fields).length > 0) {
    throw new Invalid('invalid_input', 'Some fields are missing or invalid.', { fields });
  }
  const prepared: PreparedColorImage[] = [];
  for (const [index, entry] of entries.entries()) {
    const at = `color_images.${index}`;
    const upload =
      entry.imageBase64 !== undefined && entry.imageContentType !== undefined
        ? await prepareUpload(
            { base64: `${at}.imageBase64`, contentType: `${at}.imageContentType` },
            entry.imageBase64,
            entry.imageContentType,
          )
        : null;
    prepared.push({ colorId: entry.color_id, url: upload ? null : (entry.image_url ?? null), upload });
  }
  return prepared;
}

export interface StoredColorImages {
  /** Each colour's picture URL. */
  urls: Map<string, string>;
  /** Removes the uploads stored, when the save that needed them fails. */
  discard(): Promise<void>;
}

/** Stores the new uploads; if one fails, those already stored are removed again. */
export async function storeColorImages(prepared: readonly PreparedColorImage[]): Promise<StoredColorImages> {
  const store = imageStore();
  const saved: string[] = [];
  const urls = new Map<string, string>();
  const discard = async () => {
    await Promise.all(saved.map((url) => store.remove(url).catch((e: unknown) => console.error('[uploads]', e))));
  };
  try {
    for (const image of prepared) {
      if (image.upload) {
        const url = await store.save(image.upload.name, image.upload.bytes, image.upload.contentType);
        saved.push(url);
        urls.set(image.colorId, url);
      } else if (image.url) {
        urls.set(image.colorId, image.url);
      }
    }
  } catch (error) {
    await discard();
    throw error;
  }
  return { urls, discard };
}

/** Replaces the product's colour pictures (inside the save's transaction, after its colours are written). */
export async function writeColorImages(
  trx: Kysely<Database>,
  productId: string,
  urls: ReadonlyMap<string, string>,
): Promise<void> {
  await trx.updateTable('product_colors').set({ image_url: null }).where('product_id', '=', productId).execute();
  for (const [colorId, url] of urls) {
    await trx
      .updateTable('product_colors')
      .set({ image_url: url })
      .where('product_id', '=', productId)
      .where('color_id', '=', colorId)
      .execute();
  }
}
