/**
 * The product page's main picture follows the chosen colour
 * (docs/decisions/0028-owner-and-receipts.md): a colour with its own picture shows it in the main
 * picture's box, any other choice (or none) shows the build's main picture again. The box keeps its
 * width, height and aspect ratio, so nothing moves; the picture goes through the image CDN at the
 * widths the page's other pictures use.
 */
import { IMAGE_WIDTHS, imageSrcSet, imageUrl, isTransformable } from '../lib/catalog/images.ts';
import { $chosenColorId } from '../stores/product.ts';

/** What the page renders into the main picture's box (data attributes of [data-main-picture]). */
interface ColourPictures {
  /** Colour id → its picture and the alt text naming it ("City Champ Tourney Tee in Sand"). */
  [colorId: string]: { url: string; alt: string };
}

function pictureOf(doc: Document, url: string, alt: string, sizes: string): HTMLElement {
  const img = doc.createElement('img');
  img.alt = alt;
  img.width = 1200;
  img.height = 1200;
  img.decoding = 'async';
  if (!isTransformable(url)) {
    img.src = url;
    return img;
  }
  const picture = doc.createElement('picture');
  for (const format of ['avif', 'webp'] as const) {
    const source = doc.createElement('source');
    source.type = `image/${format}`;
    source.srcset = imageSrcSet(url, IMAGE_WIDTHS, format);
    source.sizes = sizes;
    picture.append(source);
  }
  img.src = imageUrl(url, 800, 'webp');
  picture.append(img);
  return picture;
}

/** Keeps the box's picture in step with $chosenColorId; returns the unsubscribe. */
export function followChosenColour(box: HTMLElement): () => void {
  let pictures: ColourPictures;
  try {
    pictures = JSON.parse(box.dataset['colourPictures'] ?? '{}') as ColourPictures;
  } catch {
    return () => {};
  }
  if (Object.keys(pictures).length === 0) return () => {};
  const built = [...box.childNodes].map((node) => node.cloneNode(true));
  const sizes = box.dataset['sizes'] ?? '100vw';
  let shown: string | null = null;
  return $chosenColorId.subscribe((colorId) => {
    const wanted = colorId && pictures[colorId] ? colorId : null;
    if (wanted === shown) return;
    shown = wanted;
    const picture = wanted ? pictures[wanted]! : null;
    box.replaceChildren(
      ...(picture
        ? [pictureOf(box.ownerDocument, picture.url, picture.alt, sizes)]
        : built.map((n) => n.cloneNode(true))),
    );
  });
}
