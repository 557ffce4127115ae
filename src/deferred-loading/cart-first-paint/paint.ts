import { readStoredCart } from '../../lib/cart-storage.ts';
import { ISLAND_WAKE_EVENT, STAND_IN_ATTRIBUTE, STAND_IN_CHANGED_ATTRIBUTE } from '../island-ready.ts';
import { FIRST_PAINT_MARK } from './first-paint-mark.ts';
import { filledCart } from './filled-cart.ts';
import type { IslandClasses } from './lines.ts';
import { toDom } from './markup.ts';

/**
 * The cart page's first paint over a stored cart: it draws the lines and the order summary from
 * browser storage in the island's own markup, so the page opens finished instead of on "Loading
 * your cart…" until React has loaded. The page's head loads this file only when a cart is stored
 * and holds its first paint until it has run (`blocking="render"`); the island replaces the
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
  const standIn = toDom(filledCart(classes, stored, cardBrands), document) as Element;
  standIn.setAttribute(STAND_IN_ATTRIBUTE, '');
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

// Usually the page is parsed by the time this file arrives; if not, start the moment the mark is
// parsed (a mutation's callback runs before the browser could paint).
const mark = document.getElementById(FIRST_PAINT_MARK);
if (mark) paintOnce(mark);
else {
  const watch = new MutationObserver(() => {
    const found = document.getElementById(FIRST_PAINT_MARK);
    if (!found) return;
    watch.disconnect();
    paintOnce(found);
  });
  watch.observe(document, { childList: true, subtree: true });
}
