/**
 * The product options before their island hydrates. ProductOptions loads React only when a person
 * reaches for it (client:interaction); until then this script keeps its server-rendered markup
 * true without React: live stock from the API (pages show the stock of their build), the
 * fulfilment chosen on an earlier visit, the Checkout link when the cart has items, and the
 * chosen colour's picture (colour-picture.ts; the island sets the colour once it is awake).
 *
 * It applies the island's own rules (optionsView) to the island's first choice, and stops the
 * moment the island starts to wake (`data-waking`), so hydration finds what React renders.
 */
import { firstChoice, optionsKey, optionsView } from '../lib/catalog/product-options.ts';
import type { ProductDetail } from '../lib/catalog/products.ts';
import { $cartCount, $fulfillment } from '../stores/cart.ts';
import { $chosenColorId, $previewedProduct, loadLiveProduct } from '../stores/product.ts';
import { followChosenColour } from './colour-picture.ts';

const section = document.getElementById('product-options');
const root = section?.querySelector<HTMLElement>('[data-product-options]');
const island = root?.closest('astro-island');
const asleep = () => island !== null && island !== undefined && !island.hasAttribute('data-waking');

function setUnavailable(button: Element | null, unavailable: boolean) {
  if (unavailable) button?.setAttribute('aria-disabled', 'true');
  else button?.removeAttribute('aria-disabled');
}

function showStock(options: HTMLElement, product: ProductDetail) {
  // Other colours or sizes than the build's need the island itself to redraw them.
  if (!asleep() || options.dataset['optionsKey'] !== optionsKey(product)) return;
  const choice = firstChoice(product);
  const view = optionsView(product, choice);
  const availability = options.querySelector<HTMLElement>('[data-availability]');
  if (availability) {
    availability.textContent = view.availability;
    availability.dataset['tone'] = view.tone;
  }
  for (const radio of options.querySelectorAll<HTMLInputElement>('input[name="color"]')) {
    radio.disabled = view.colorDisabled(radio.value);
  }
  for (const radio of options.querySelectorAll<HTMLInputElement>('input[name="size"]')) {
    radio.disabled = view.sizeDisabled(radio.value);
  }
  const quantity = options.querySelector<HTMLInputElement>('input[name="quantity"]');
  if (view.max === undefined) quantity?.removeAttribute('max');
  else quantity?.setAttribute('max', String(view.max));
  setUnavailable(options.querySelector('[data-step="up"]'), view.max !== undefined && choice.quantity >= view.max);
  for (const button of options.querySelectorAll('[data-action]')) setUnavailable(button, !view.allowed);
  $previewedProduct.set(product);
}

const mainPicture = document.querySelector<HTMLElement>('[data-main-picture]');
if (mainPicture) followChosenColour(mainPicture);

if (section && root) {
  // Also while the island wakes (a slow link can take seconds): it sets the same colour once awake.
  root.addEventListener('change', (event) => {
    const radio = event.target;
    if (radio instanceof HTMLInputElement && radio.name === 'color' && radio.checked) {
      $chosenColorId.set(radio.value);
    }
  });
  const slug = section.dataset['productSlug'];
  if (slug) void loadLiveProduct(slug).then((live) => live && showStock(root, live));
  $fulfillment.subscribe((way) => {
    if (!asleep()) return;
    const radio = root.querySelector<HTMLInputElement>(`input[name="fulfillment"][value="${way}"]`);
    if (radio) radio.checked = true;
    const note = root.querySelector<HTMLElement>('[data-local-note]');
    if (note) note.hidden = way !== 'local';
  });
  $cartCount.subscribe((count) => {
    const checkout = root.querySelector<HTMLElement>('[data-checkout]');
    if (asleep() && checkout) checkout.hidden = count === 0;
  });
}
