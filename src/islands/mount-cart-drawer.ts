/**
 * Renders the drawer's lines into the dialog the page already has (see src/scripts/cart-drawer.ts).
 * React and the island are imported from here, not by the page script, so the page's own
 * JavaScript does not even name React's files: all of it arrives with the first click.
 */
export async function mountCartDrawer(target: HTMLElement) {
  const [{ createRoot }, { cartDrawer }, { refreshCart }] = await Promise.all([
    import('react-dom/client'),
    import('./CartDrawer.tsx'),
    import('../stores/cart-stock.ts'),
  ]);
  target.replaceChildren();
  createRoot(target).render(cartDrawer());
  // Opening the drawer re-reads prices and stock: now (this is the first opening) and each time after.
  void refreshCart();
  target.closest('dialog')?.addEventListener('toggle', (event) => {
    if ((event as ToggleEvent).newState === 'open') void refreshCart();
  });
}
