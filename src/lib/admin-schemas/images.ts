import { z } from '../zod.ts';

/**
 * Image uploads ride inside the save payload of products, services and collections (docs/decisions/spec-rules.md#s3):
 * `imageMainBase64` + `imageMainContentType`, and likewise Secondary and (collections) Header.
 * The base64 may be bare or a `data:<type>;base64,` URL as FileReader makes it. The server
 * decides what the bytes are: only JPEG, PNG, WebP and AVIF, recognised by their magic bytes.
 */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

/**
 * Largest decoded image. Netlify buffers at most 6 MB of request body, and base64 adds a third,
 * so one 4 MB image fits in a save; the admin should resize camera originals first.
 */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;

/**
 * Most pixels an upload may have (width x height), checked from the header before decoding: a
 * few hundred kilobytes of PNG can claim billions of pixels. 40 MP is 8000 x 5000, more than
 * any page shows.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Body limit of a save that carries images (Netlify's own limit for buffered requests). */
export const MAX_SAVE_BODY_BYTES = 6 * 1024 * 1024;

export const IMAGE_SLOTS = {
  main: { base64: 'imageMainBase64', contentType: 'imageMainContentType', url: 'image_main_url' },
  secondary: { base64: 'imageSecondaryBase64', contentType: 'imageSecondaryContentType', url: 'image_secondary_url' },
  header: { base64: 'imageHeaderBase64', contentType: 'imageHeaderContentType', url: 'image_header_url' },
} as const;
export type ImageSlot = keyof typeof IMAGE_SLOTS;

const base64 = z.string().min(1, 'The image is empty.');
const contentType = z.string().trim().toLowerCase().max(100);

/**
 * An existing image kept by URL: a path on this site under /images/ or /uploads/, or an https
 * URL (Supabase Storage). The value ends up in src attributes and the image CDN's paths, so it
 * may hold no `..` (also percent-encoded), no quotes, backslashes, angle brackets, whitespace
 * or control characters, and a site path no query or fragment.
 */
export const IMAGE_URL_MESSAGE = 'Use a site path under /images/ or /uploads/, or an https URL.';
const UNSAFE_IN_URL = /\.\.|%2e|["'`\\<>\s\p{Cc}]/iu;
const SITE_IMAGE_PATH = /^\/(images|uploads)\/[^?#]+$/;
const HTTPS_URL = /^https:\/\/[a-z0-9.-]+(:\d+)?\/[^#]*$/i;

export function isSafeImageUrl(value: string): boolean {
  return !UNSAFE_IN_URL.test(value) && (SITE_IMAGE_PATH.test(value) || HTTPS_URL.test(value));
}

export const imageUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine(isSafeImageUrl, { message: IMAGE_URL_MESSAGE })
  .nullable();

export const mainImageFields = {
  imageMainBase64: base64.optional(),
  imageMainContentType: contentType.optional(),
  image_main_url: imageUrlSchema.optional(),
};
export const secondaryImageFields = {
  imageSecondaryBase64: base64.optional(),
  imageSecondaryContentType: contentType.optional(),
  image_secondary_url: imageUrlSchema.optional(),
};
export const headerImageFields = {
  imageHeaderBase64: base64.optional(),
  imageHeaderContentType: contentType.optional(),
  image_header_url: imageUrlSchema.optional(),
};

/** Each upload comes as a pair: the bytes and their content type. */
export function checkImagePairs(slots: readonly ImageSlot[]) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const slot of slots) {
      const names = IMAGE_SLOTS[slot];
      const hasData = value[names.base64] !== undefined;
      const hasType = value[names.contentType] !== undefined;
      if (hasData !== hasType) {
        ctx.addIssue({
          code: 'custom',
          path: [hasData ? names.contentType : names.base64],
          message: `Send ${names.base64} and ${names.contentType} together.`,
        });
      }
    }
  };
}
