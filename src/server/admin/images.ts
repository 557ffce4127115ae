import { Invalid, TooLarge, UnsupportedMedia } from '../errors.ts';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  IMAGE_CONTENT_TYPES,
  IMAGE_SLOTS,
  type ImageContentType,
  type ImageSlot,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
} from '../../lib/admin-schemas/images.ts';
import { imageStore } from './image-store.ts';

/** An upload that passed every check, with the name it will be stored under. */
export interface PreparedImage {
  slot: ImageSlot;
  name: string;
  bytes: Buffer;
  contentType: ImageContentType;
}

const EXTENSIONS: Record<ImageContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** What the bytes are, by their magic numbers; null for anything but JPEG, PNG, WebP and AVIF. */
export function detectImageType(bytes: Buffer): ImageContentType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  // ISO-BMFF: a leading `ftyp` box whose major or a compatible brand is avif (still) or avis (sequence).
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.some((brand) => brand === 'avif' || brand === 'avis')) return 'image/avif';
  }
  return null;
}

/** A refused upload: bad data (400), too large (413) or not an image it claims to be (415). */
const REFUSAL = { 400: Invalid, 413: TooLarge, 415: UnsupportedMedia } as const;
const refuse = (status: keyof typeof REFUSAL, code: string, field: string, message: string) =>
  new REFUSAL[status](code, message, { fields: { [field]: message } });

/** The format names sharp reports for each accepted type (AVIF is an HEIF with AV1 inside). */
const SHARP_FORMATS: Record<ImageContentType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'heif',
};

/**
 * Decodes every pixel of the image, refusing it when it does not decode to the end (a JPEG
 * header followed by HTML, a truncated file) or has more pixels than MAX_IMAGE_PIXELS, which
 * sharp checks from the header before decoding anything. First bytes alone prove nothing: a
 * file that only starts like an image is whatever a browser sniffs it to be.
 */
async function checkDecodes(bytes: Buffer, type: ImageContentType, field: string): Promise<void> {
  let format: string | undefined;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', sequentialRead: true });
    format = (await image.metadata()).format;
    // stats() reads every pixel without keeping the decoded image in memory.
    await image.stats();
  } catch (error) {
    if (/pixel limit/i.test(String(error))) {
      throw refuse(
        413,
        'image_too_large',
        field,
        `The image has more than ${MAX_IMAGE_PIXELS / 1_000_000} million pixels. Resize it and try again.`,
      );
    }
    throw refuse(415, 'invalid_image', field, 'The file is not a complete image: it could not be decoded.');
  }
  if (format !== SHARP_FORMATS[type]) {
    throw refuse(415, 'unsupported_image_type', field, `The file is not a ${type.slice(6).toUpperCase()} image.`);
  }
}

/** The payload fields an upload came in, which a refusal names. */
export interface UploadFields {
  base64: string;
  contentType: string;
}

/** One slot's upload, checked (see prepareUpload). */
export async function prepareImage(slot: ImageSlot, base64: string, declaredType: string): Promise<PreparedImage> {
  return { slot, ...(await prepareUpload(IMAGE_SLOTS[slot], base64, declaredType)) };
}

/**
 * Checks one upload: an allowed declared type, base64 that decodes, a size limit, matching
 * magic bytes, then that the whole image decodes within the pixel limit.
 */
export async function prepareUpload(
  fields: UploadFields,
  base64: string,
  declaredType: string,
): Promise<Omit<PreparedImage, 'slot'>> {
  const field = fields.base64;
  const declared = declaredType.trim().toLowerCase() === 'image/jpg' ? 'image/jpeg' : declaredType.trim().toLowerCase();
  if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(declared)) {
    throw refuse(
      415,
      'unsupported_image_type',
      fields.contentType,
      'Upload a JPEG, PNG, WebP or AVIF image (SVG and other types are not accepted).',
    );
  }
  // FileReader's data URLs are accepted as well as bare base64.
  const data = base64.replace(/^data:[\w/+.-]+;base64,/i, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data) || data.length % 4 === 1) {
    throw refuse(400, 'invalid_image', field, 'The image data is not valid base64.');
  }
  if (Math.floor((data.length * 3) / 4) > MAX_IMAGE_BYTES + 2) {
    throw refuse(
      413,
      'image_too_large',
      field,
      `The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB. Resize it and try again.`,
    );
  }
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length === 0) throw refuse(400, 'invalid_image', field, 'The image is empty.');
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw refuse(
      413,
      'image_too_large',
      field,
      `The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB. Resize it and try again.`,
    );
  }
  const actual = detectImageType(bytes);
  if (actual !== declared) {
    throw refuse(415, 'unsupported_image_type', field, `The file is not a ${declared.slice(6).toUpperCase()} image.`);
  }
  await checkDecodes(bytes, actual, field);
  return { name: `${randomUUID()}.${EXTENSIONS[actual]}`, bytes, contentType: actual };
}

/** Every upload in a save payload, checked before anything is stored or written. */
export async function prepareImages(
  input: Record<string, unknown>,
  slots: readonly ImageSlot[],
): Promise<PreparedImage[]> {
  const prepared: PreparedImage[] = [];
  for (const slot of slots) {
    const names = IMAGE_SLOTS[slot];
    const data = input[names.base64];
    const type = input[names.contentType];
    if (typeof data === 'string' && typeof type === 'string') prepared.push(await prepareImage(slot, data, type));
  }
  return prepared;
}

export interface StoredImages {
  /** The URL of each stored image, by the column it belongs in. */
  urls: Partial<Record<(typeof IMAGE_SLOTS)[ImageSlot]['url'], string>>;
  /** Removes what was stored, when the save that needed it fails. */
  discard(): Promise<void>;
}

/** Stores prepared uploads; if one fails, the ones already stored are removed again. */
export async function storeImages(images: PreparedImage[]): Promise<StoredImages> {
  const store = imageStore();
  const saved: string[] = [];
  const urls: StoredImages['urls'] = {};
  const discard = async () => {
    await Promise.all(saved.map((url) => store.remove(url).catch((e: unknown) => console.error('[uploads]', e))));
  };
  try {
    for (const image of images) {
      const url = await store.save(image.name, image.bytes, image.contentType);
      saved.push(url);
      urls[IMAGE_SLOTS[image.slot].url] = url;
    }
  } catch (error) {
    await discard();
    throw error;
  }
  return { urls, discard };
}
