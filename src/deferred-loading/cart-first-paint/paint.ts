import { readStoredCart } from '../../lib/cart-storage.ts';
import { filledCart } from './filled-cart.ts';
import type { IslandClasses } from './lines.ts';
import { toDom } from './markup.ts';
import { STAND_IN_ATTRIBUTE, STAND_IN_CHANGED_ATTRIBUTE } from '../island-ready.ts';

/**
 * The cart page's first paint (an inline script placed right after the cart island, bundled by
 * src/build/inline-script.ts): over a stored cart it draws the lines and the order summary from
 * browser storage before the page is first painted, in the island's own markup, so the page
 * opens finished instead of on "Loading your cart…" until React has loaded. The island replaces
 * the stand-in with its own render when it hydrates (take-over.ts). An empty cart is left as the
 * page was built: its empty state.
 *
 * The script's element carries what only the build knows: the class names of the island's CSS
 * modules (`data-classes`) and the id of a template holding the island's card-brand marks.
 */
function paint() {
  const script = document.currentScript;
  const island = script?.parentElement?.querySelector(':scope > astro-island');
  if (!script || !island) return;
  const stored = readStoredCart(localStorage);
  if (stored.items.length === 0) {
    // Stored lines the cart cannot read are no cart: show the empty state the page was built with.
    document.documentElement.removeAttribute('data-cart-items');
    return;
  }
  const classes = JSON.parse(script.dataset['classes'] ?? '') as IslandClasses;
  const brands = document.getElementById(script.dataset['cardBrands'] ?? '');
  const cardBrands = brands instanceof HTMLTemplateElement ? brands.content.firstElementChild : null;
  const standIn = toDom(filledCart(classes, stored, cardBrands), document) as Element;
  standIn.setAttribute(STAND_IN_ATTRIBUTE, '');
  // What a person changes here before the island wakes is marked for it to take over.
  const noteChange = ({ target: field }: Event) => {
    if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) return;
    if (field instanceof HTMLInputElement && field.type === 'radio') {
      for (const radio of standIn.querySelectorAll(`input[type="radio"][name="${field.name}"]`)) {
        radio.removeAttribute(STAND_IN_CHANGED_ATTRIBUTE);
      }
    }
    field.setAttribute(STAND_IN_CHANGED_ATTRIBUTE, '');
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

try {
  paint();
} catch (error) {
  // The page then shows "Loading your cart…" until the island lists the lines, as it did before.
  console.error('[cart] first paint failed:', error);
}
