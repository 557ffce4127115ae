// Responsive image URLs in the shape of Netlify's Image CDN (`/.netlify/images?url=…&w=…&fm=…`).
// Production serves them from the CDN; `npm start` answers the same URLs (scripts/server/image-cdn.mts).

/** Widths every raster image is offered at (docs/decisions/spec-rules.md#s9). */
export const IMAGE_WIDTHS = [400, 800, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const IMAGE_FORMATS = ['webp', 'avif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const IMAGE_CDN_PATH = '/.netlify/images';

/** Same-site folders the CDN may read from: the build's public images and admin uploads. */
export const IMAGE_PATH_PREFIXES = ['/images/', '/uploads/'] as const;

function withoutQuery(src: string): string {
  return src.split(/[?#]/, 1)[0] ?? '';
}

/** Whether `src` is a raster image the CDN resizes (vectors and unknown paths are used as they are). */
export function isTransformable(src: string): boolean {
  const path = withoutQuery(src).toLowerCase();
  if (path.endsWith('.svg')) return false;
  if (/^https?:\/\//i.test(src)) return true;
  return IMAGE_PATH_PREFIXES.some((prefix) => src.startsWith(prefix));
}

/** The CDN URL of `src` at `width` pixels in `format`; `src` itself when it is not transformable. */
export function imageUrl(src: string, width: number, format: ImageFormat = 'webp'): string {
  if (!isTransformable(src)) return src;
  return `${IMAGE_CDN_PATH}?url=${encodeURIComponent(src)}&w=${width}&fm=${format}`;
}

/** A `srcset` value (`… 400w, … 800w, … 1200w`), or '' when `src` is not transformable. */
export function imageSrcSet(
  src: string,
  widths: readonly number[] = IMAGE_WIDTHS,
  format: ImageFormat = 'webp',
): string {
  if (!isTransformable(src)) return '';
  return widths.map((width) => `${imageUrl(src, width, format)} ${width}w`).join(', ');
}
