/**
 * The header cart icon is a link to /cart. With JavaScript, a plain click opens the cart
 * drawer instead and, the first time, loads the React island that lists the lines: React is
 * fetched when a person asks for the drawer, never with the page (DESIGN.md rule 7).
 */
const dialog = document.getElementById('cart-drawer');
const root = dialog?.querySelector<HTMLElement>('[data-cart-drawer-root]');
let mounting: Promise<void> | null = null;

function mount(target: HTMLElement) {
  if (mounting) return;
  mounting = import('../islands/mount-cart-drawer.ts')
    .then(({ mountCartDrawer }) => mountCartDrawer(target))
    .catch((error: unknown) => {
      console.error('[cart] drawer failed to load:', error);
      target.textContent = 'Your cart could not be shown here. Use View Cart below.';
      mounting = null;
    });
}

if (dialog instanceof HTMLDialogElement && root) {
  for (const link of document.querySelectorAll('a[data-cart-button]')) link.setAttribute('aria-haspopup', 'dialog');
  document.addEventListener('click', (event) => {
    // Modified clicks keep the link's own behaviour (open /cart in a new tab or window).
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    const link = (event.target as Element | null)?.closest('a[data-cart-button]');
    if (!link) return;
    event.preventDefault();
    if (!dialog.open) dialog.showModal();
    mount(root);
  });
  dialog.querySelector('[data-cart-drawer-checkout]')?.addEventListener('click', () => dialog.close());
}
