/**
 * The search page with JavaScript (docs/decisions/0018-search.md): a filter or sort change shows its results at once,
 * without the "Show results" press. The page asks /search for the new page and swaps the filters
 * and results in; the address bar follows (back and forward work) and the count is announced.
 * Without this script the form is a plain GET and everything works the same, one press later.
 */
import { parseSearchParams, searchUrl } from '../lib/search/query.ts';

const layoutSelector = '.search-layout';
let pending: AbortController | undefined;

function formUrl(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '') params.append(name, value.trim());
  }
  const text = params.toString();
  return text ? `/search?${text}` : '/search';
}

async function show(url: string, push: boolean): Promise<void> {
  const layout = document.querySelector<HTMLElement>(layoutSelector);
  if (!layout) return;
  pending?.abort();
  pending = new AbortController();
  layout.setAttribute('aria-busy', 'true');
  try {
    const response = await fetch(url, { headers: { accept: 'text/html' }, signal: pending.signal });
    const next = new DOMParser().parseFromString(await response.text(), 'text/html');
    const fresh = next.querySelector(layoutSelector);
    if (!fresh) throw new Error('no results in the answer');
    const focused = document.activeElement?.id;
    // The filters stay folded or unfolded as the customer left them (small screens).
    const wasOpen = layout.querySelector('details.search-sidebar')?.hasAttribute('open');
    fresh.querySelector('details.search-sidebar')?.toggleAttribute('open', Boolean(wasOpen));
    layout.replaceChildren(...fresh.childNodes);
    // The answer's address is the canonical one (the server redirects a form's own order there).
    if (push) history.pushState(null, '', response.url || url);
    document.title = next.title;
    if (focused) document.getElementById(focused)?.focus();
    const announce = document.getElementById('search-announce');
    const count = document.getElementById('search-results-title')?.textContent ?? '';
    if (announce) announce.textContent = count;
  } catch (error) {
    if ((error as Error).name === 'AbortError') return;
    // The page could not be fetched: load it the plain way, so nothing is lost.
    window.location.assign(url);
  } finally {
    layout.removeAttribute('aria-busy');
  }
}

document.addEventListener('change', (event) => {
  const target = event.target as HTMLInputElement | HTMLSelectElement | null;
  const form = target?.closest<HTMLFormElement>('form[data-search-filters]');
  if (!form || !document.querySelector(layoutSelector)?.contains(form)) return;
  // A price field's change comes when it is left or Enter is pressed, not at every digit.
  void show(formUrl(form), true);
});

document.addEventListener('submit', (event) => {
  const form = event.target as HTMLFormElement;
  if (!form.matches('form[data-search-filters]') || !document.querySelector(layoutSelector)?.contains(form)) return;
  event.preventDefault();
  void show(formUrl(form), true);
});

window.addEventListener('popstate', () => {
  void show(`${location.pathname}${location.search}`, false);
});

// A filter ticked before this script arrived (a quick hand on a slow link) is applied now.
const early = document.querySelector<HTMLFormElement>(`${layoutSelector} form[data-search-filters]`);
const sameSearch = (a: string, b: string) => {
  const read = (text: string) => {
    const parsed = parseSearchParams(new URLSearchParams(text));
    return parsed.ok ? searchUrl({ ...parsed.query, page: 1 }) : null;
  };
  const [first, second] = [read(a), read(b)];
  // A refused search's page shows its reasons: leave it as it is.
  return first === null || second === null || first === second;
};
if (early && !sameSearch(formUrl(early).split('?')[1] ?? '', location.search)) void show(formUrl(early), true);
