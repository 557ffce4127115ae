import { ISLAND_WAKE_EVENT } from '../island-ready.ts';

/**
 * The stored cart against the shop while the cart island sleeps (a page script, loaded after the
 * first paint): opening the cart re-reads its lines' prices and stock, as the island would. When
 * the answer changes what the first paint drew (a price, a stock notice), or a line carries an
 * uploaded file (its thumbnail is read with the owner token, which only the island does), the
 * island is woken to show it; otherwise React waits for a person to reach for the page, as on the
 * product page.
 * An empty cart (or one the island already shows) loads nothing more than this check.
 */
async function check(island: Element) {
  const [{ refreshChangesCart }, { $cartItems }, { $cartStock, $priceChanges, refreshCartOnOpen }] = await Promise.all([
    import('../../lib/browser/cart-stock.ts'),
    import('../../stores/cart.ts'),
    import('../../stores/cart-stock.ts'),
  ]);
  await refreshCartOnOpen();
  const items = $cartItems.get();
  const thumbnails = items.some((item) => item.locations?.some((location) => location.artworkId !== null));
  if (thumbnails || refreshChangesCart(items, $cartStock.get(), $priceChanges.get())) {
    island.dispatchEvent(new Event(ISLAND_WAKE_EVENT));
  }
}

const island = document.querySelector('#cart-page astro-island');
if (island?.hasAttribute('ssr') && document.documentElement.hasAttribute('data-cart-painted')) {
  check(island).catch((error: unknown) => console.error('[cart] live check failed:', error));
}
