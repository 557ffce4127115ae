import { readStoredCart } from '../../lib/browser/cart-storage.ts';
import { afterLoadAndPaint } from '../after-paint.ts';
import { ISLAND_WAKE_EVENT, STAND_IN_ATTRIBUTE, STAND_IN_CHANGED_ATTRIBUTE } from '../island-ready.ts';
import { FIRST_PAINT_MARK } from './first-paint-mark.ts';
import { filledCart } from './filled-cart.ts';
import type { IslandClasses } from './lines.ts';
import { type Markup, toDom } from './markup.ts';

/** A transparent pixel: what a line's picture shows until the first paint is on screen. */
const BLANK_PICTURE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * The lines' pictures below the first are fetched once the first paint is on screen: requests
 * started before it share the connection with this script and the page's own, and a lab run
 * (Lighthouse, simulated throttling) counts every request that ended before the largest paint
 * against that paint. The first line's picture is that largest paint (96 px square, larger than
 * the line's name), so it is fetched at once, at high priority (lines.ts).
 * Each held one keeps its place and size meanwhile, so nothing moves when it arrives; its address
 * is then the island's, as before. The address is taken out of the markup before any element is
 * made: an image element starts fetching its address as soon as it is set, in or out of the page.
 */
function holdPictures(node: Markup, held: string[]) {
  if (!node || typeof node !== 'object' || 'nodeType' in node) return;
  const source = node.attrs['src'];
  if (node.tag === 'img' && source && node.attrs['fetchpriority'] !== 'high') {
    held.push(source);
    node.attrs['src'] = BLANK_PICTURE;
  }
  for (const child of node.children) holdPictures(child, held);
}

function showPicturesAfterFirstPaint(standIn: Element, held: readonly string[]) {
  const pictures = [...standIn.querySelectorAll('img')].filter((img) => img.getAttribute('src') === BLANK_PICTURE);
  afterLoadAndPaint(() => {
    pictures.forEach((img, index) => {
      const source = held[index];
      if (source && img.getAttribute('src') === BLANK_PICTURE) img.src = source;
    });
  });
}

/**
 * The cart page's first paint over a stored cart: it draws the lines and the order summary from
 * browser storage in the island's own markup, so the page opens finished instead of on "Loading
 * your cart…" until React has loaded. The page's head loads its entry (paint.ts, or paint-lists.ts
 * over list-priced lines) only when a cart is stored and holds its first paint until it has run (`blocking="render"`); the island replaces the
 * stand-in with its own render when it hydrates (take-over.ts). A stored cart it cannot read
 * leaves the page as it was built: its empty state.
 *
 * The page's mark element (FIRST_PAINT_MARK, right after the island) carries what only the build
 * knows: the class names of the island's CSS modules and a template of its card-brand marks.
 */
function paint(mark: Element) {
  const island = mark.parentElement?.querySelector(':scope > astro-island');
  if (!island) return;
  const stored = readStoredCart(localStorage);
  if (stored.items.length === 0) {
    document.documentElement.removeAttribute('data-cart-items');
    return;
  }
  const classes = JSON.parse((mark as HTMLElement).dataset['classes'] ?? '') as IslandClasses;
  const cardBrands = mark instanceof HTMLTemplateElement ? mark.content.firstElementChild : null;
  const markup = filledCart(classes, stored, cardBrands);
  const pictures: string[] = [];
  holdPictures(markup, pictures);
  const standIn = toDom(markup, document) as Element;
  standIn.setAttribute(STAND_IN_ATTRIBUTE, '');
  showPicturesAfterFirstPaint(standIn, pictures);
  // What a person changes here before the island wakes is marked for it to take over, and wakes
  // it (a change can come without a pointer or focus first: assistive technology, autofill).
  const noteChange = ({ target: field }: Event) => {
    if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) return;
    if (field instanceof HTMLInputElement && field.type === 'radio') {
      for (const radio of standIn.querySelectorAll(`input[type="radio"][name="${field.name}"]`)) {
        radio.removeAttribute(STAND_IN_CHANGED_ATTRIBUTE);
      }
    }
    field.setAttribute(STAND_IN_CHANGED_ATTRIBUTE, '');
    island.dispatchEvent(new Event(ISLAND_WAKE_EVENT));
  };
  standIn.addEventListener('input', noteChange);
  standIn.addEventListener('change', noteChange);
  // Before Astro's end-of-island marker, if it is still there: the island's children stay whole.
  const end = [...island.childNodes].find(
    (node) => node.nodeType === Node.COMMENT_NODE && node.nodeValue === 'astro:end',
  );
  island.insertBefore(standIn, end ?? null);
  // The page's CSS then hides "Loading your cart…".
  document.documentElement.setAttribute('data-cart-painted', '');
}

function paintOnce(mark: Element) {
  try {
    paint(mark);
  } catch (error) {
    // The page then shows "Loading your cart…" until the island lists the lines.
    console.error('[cart] first paint failed:', error);
  }
}

/**
 * Paints the stored cart once the page's mark is parsed: at once if it already is (usually, by the
 * time the script arrives); if not, the moment it is (a mutation's callback runs before the
 * browser could paint).
 */
export function startFirstPaint() {
  const mark = document.getElementById(FIRST_PAINT_MARK);
  if (mark) {
    paintOnce(mark);
    return;
  }
  const watch = new MutationObserver(() => {
    const found = document.getElementById(FIRST_PAINT_MARK);
    if (!found) return;
    watch.disconnect();
    paintOnce(found);
  });
  watch.observe(document, { childList: true, subtree: true });
}
