/**
 * Loads the search suggestions when a person reaches for a search field (focus or press), and
 * not before: no page ships the combobox's code up front (decision 0018's budget).
 */
function wake(target: EventTarget | null): void {
  if (!(target instanceof HTMLInputElement) || !target.matches('input[data-site-search]')) return;
  if (target.dataset['searchReady']) return;
  target.dataset['searchReady'] = 'loading';
  void import('./search-combobox.ts').then(
    ({ enhance }) => enhance(target),
    // A failed download (a dropped connection) tries again at the next focus.
    () => delete target.dataset['searchReady'],
  );
}

document.addEventListener('focusin', (event) => wake(event.target));
// On a slow connection a person reaches the field before this script runs
// (docs/decisions/0028-owner-and-receipts.md): the focus happened before the listener existed, so
// the field that has it now wakes too.
wake(document.activeElement);
