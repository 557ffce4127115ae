import { $cartCount } from '../stores/cart.ts';

/** Keeps every cart badge (and its button's accessible name) in step with the cart. */
$cartCount.subscribe((count) => {
  for (const badge of document.querySelectorAll<HTMLElement>('[data-cart-count]')) {
    badge.textContent = String(count);
    badge.hidden = count === 0;
  }
  for (const button of document.querySelectorAll<HTMLElement>('[data-cart-button]')) {
    button.setAttribute('aria-label', count === 1 ? 'Cart, 1 item' : `Cart, ${count} items`);
  }
});
