/**
 * Drawers are modal <dialog> elements opened by `command="show-modal"` buttons: the browser
 * makes the page behind them inert, closes them on Escape and returns focus to the opener.
 * This adds what browsers leave out: Tab wraps inside the open drawer instead of escaping to
 * the browser's own controls, and a fallback where invoker commands are not supported.
 */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';

if (!('command' in HTMLButtonElement.prototype)) {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[commandfor]');
    const target = button && document.getElementById(button.getAttribute('commandfor') ?? '');
    if (!(target instanceof HTMLDialogElement)) return;
    const command = button?.getAttribute('command');
    if (command === 'show-modal') target.showModal();
    else if (command === 'close') target.close();
  });
}

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Tab') return;
  const dialog = document.querySelector<HTMLDialogElement>('dialog[open]:modal');
  if (!dialog) return;
  const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.checkVisibility());
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
});
