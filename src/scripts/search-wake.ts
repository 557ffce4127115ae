/**
 * Loads the search suggestions when a person reaches for a search field (focus or press), and
 * not before: no page ships the combobox's code up front (issue #18's budget).
 */
function wake(event: Event): void {
  const target = event.target;
  if (!(target instanceof HTMLInputElement) || !target.matches('input[data-site-search]')) return;
  if (target.dataset['searchReady']) return;
  target.dataset['searchReady'] = 'loading';
  void import('./search-combobox.ts').then(({ enhance }) => enhance(target));
}

document.addEventListener('focusin', wake);
