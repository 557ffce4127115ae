/**
 * The address of the first stored line's picture as the cart draws it (`imageUrl(src, 400)` of
 * the first line with a picture, src/lib/catalog/images.ts), or null. Over a stored cart that
 * picture is fetched first and at high priority (linePictureLoading); the cart page's head runs
 * this function's source inline, before its first paint, to ask for the picture beside the paint
 * script rather than after it (otherwise a chain of three round trips before the largest paint).
 * It is self-contained for that reason: no imports, nothing from outside its arguments
 * (tests/unit/cart-first-paint-lines.test.ts holds it to imageUrl).
 */
export function firstLinePicture(items: unknown, cdn: string, prefixes: readonly string[]): string | null {
  if (!Array.isArray(items)) return null;
  const line = items.find((item) => typeof item?.image_main_url === 'string' && item.image_main_url);
  if (!line) return null;
  const src: string = line.image_main_url;
  const path = (src.split(/[?#]/, 1)[0] ?? '').toLowerCase();
  const transformable =
    !path.endsWith('.svg') && (/^https?:\/\//i.test(src) || prefixes.some((prefix) => src.startsWith(prefix)));
  return transformable ? `${cdn}?url=${encodeURIComponent(src)}&w=400&fm=webp` : src;
}
