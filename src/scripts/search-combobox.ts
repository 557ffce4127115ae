/**
 * The header's search field as a combobox with a list of suggestions (WAI-ARIA APG "list
 * autocomplete"): typing asks /api/search, the count is announced, Down/Up move through the
 * suggestions, Enter opens the chosen one (or, with none chosen, submits the form to /search),
 * Escape closes the list, then clears the field.
 */
interface Suggestion {
  kind: 'product' | 'collection' | 'service';
  name: string;
  url: string;
  image: string | null;
  price: string;
  availability: string;
}
interface Answer {
  total: number;
  url: string;
  results: Suggestion[];
}

const LIMIT = 6;

function optionOf(id: string, suggestion: Suggestion): HTMLLIElement {
  const li = document.createElement('li');
  li.id = id;
  li.setAttribute('role', 'option');
  li.setAttribute('aria-selected', 'false');
  const image = suggestion.image ? document.createElement('img') : document.createElement('span');
  if (image instanceof HTMLImageElement && suggestion.image) {
    image.src = suggestion.image;
    image.alt = '';
    image.width = 40;
    image.height = 40;
  } else image.className = 'suggestion-placeholder';
  const text = document.createElement('span');
  const name = document.createElement('span');
  name.className = 'suggestion-name';
  name.textContent = suggestion.name;
  const facts = document.createElement('span');
  facts.className = 'suggestion-facts';
  facts.textContent = [suggestion.price, suggestion.availability].filter(Boolean).join(' · ');
  text.append(name, facts);
  li.append(image, text);
  return li;
}

export function enhance(input: HTMLInputElement): void {
  const form = input.form;
  if (!form) return;
  input.dataset['searchReady'] = 'yes';
  const list = document.createElement('ul');
  list.id = `${input.id}-suggestions`;
  list.className = 'search-suggestions';
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Search suggestions');
  list.hidden = true;
  const status = document.createElement('p');
  status.className = 'visually-hidden';
  status.setAttribute('role', 'status');
  form.append(list, status);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', list.id);

  let urls: string[] = [];
  let active = -1;
  let asked = '';
  let pending: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const options = () => [...list.querySelectorAll<HTMLLIElement>('[role="option"]')];
  const setActive = (index: number) => {
    active = index;
    const all = options();
    for (const [i, option] of all.entries()) option.setAttribute('aria-selected', String(i === index));
    const chosen = all[index];
    if (chosen) {
      input.setAttribute('aria-activedescendant', chosen.id);
      chosen.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  };
  const open = () => {
    if (urls.length === 0) return;
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
  };
  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    setActive(-1);
  };

  const show = (answer: Answer, words: string) => {
    // An answer that lands while the person is choosing keeps their choice when it is still listed.
    const chosen = active >= 0 ? urls[active] : undefined;
    const rows = answer.results.map((s, i) => optionOf(`${input.id}-option-${i}`, s));
    urls = answer.results.map((s) => s.url);
    if (answer.total > answer.results.length) {
      const all = document.createElement('li');
      all.id = `${input.id}-option-all`;
      all.setAttribute('role', 'option');
      all.setAttribute('aria-selected', 'false');
      all.className = 'suggestion-all';
      all.textContent = `See all ${answer.total} results for “${words}”`;
      rows.push(all);
      urls.push(answer.url);
    }
    list.replaceChildren(...rows);
    setActive(chosen ? urls.indexOf(chosen) : -1);
    status.textContent =
      answer.total === 0
        ? `No results for “${words}”.`
        : `${answer.total} ${answer.total === 1 ? 'result' : 'results'}; use the down arrow to choose.`;
    if (urls.length > 0) open();
    else close();
  };

  const suggest = async () => {
    const words = input.value.trim();
    if (words === asked) return;
    asked = words;
    pending?.abort();
    if (words.length < 2) {
      urls = [];
      list.replaceChildren();
      status.textContent = '';
      close();
      return;
    }
    const controller = new AbortController();
    pending = controller;
    try {
      const response = await fetch(`/api/search?q=${encodeURIComponent(words)}&limit=${LIMIT}`, {
        signal: controller.signal,
      });
      if (!response.ok) throw new Error(`search answered ${response.status}`);
      const answer = (await response.json()) as Answer;
      if (pending === controller) show(answer, words);
    } catch {
      // Aborted by the next keystroke, or offline, or the function not ready yet (503 while
      // the first build runs): the same words are asked again at the next keystroke or focus,
      // and the form still submits to /search.
      if (pending === controller) asked = '';
    }
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void suggest(), 40);
  });
  input.addEventListener('keydown', (event) => {
    const count = options().length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      if (list.hidden) {
        open();
        setActive(event.key === 'ArrowDown' ? 0 : count - 1);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(active === -1 ? (step === 1 ? 0 : count - 1) : (active + step + count) % count);
    } else if (event.key === 'Enter' && !list.hidden && active >= 0) {
      event.preventDefault();
      const url = urls[active];
      if (url) window.location.assign(url);
    } else if (event.key === 'Escape') {
      if (!list.hidden) {
        event.preventDefault();
        close();
      } else if (input.value) {
        event.preventDefault();
        input.value = '';
        asked = '';
        urls = [];
        list.replaceChildren();
      }
    }
  });
  // A press on a suggestion must not take the focus from the field (that would close the list).
  list.addEventListener('pointerdown', (event) => event.preventDefault());
  list.addEventListener('click', (event) => {
    const option = (event.target as Element).closest('[role="option"]');
    const index = option ? options().indexOf(option as HTMLLIElement) : -1;
    const url = urls[index];
    if (url) window.location.assign(url);
  });
  input.addEventListener('blur', close);
  input.addEventListener('focus', () => {
    open();
    void suggest();
  });
  if (input.value.trim().length >= 2) void suggest();
  // A person who focused the field is about to type: wake the search function now (its first
  // answer after a deploy reads and indexes the catalogue), so the first keystroke's answer is quick.
  else void fetch(`/api/search?limit=1`).catch(() => undefined);
}
