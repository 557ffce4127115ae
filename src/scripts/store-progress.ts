import { api } from '../lib/browser/http.ts';
import type { StoreProgressAnswer } from '../lib/stores/store-checkout-schema.ts';
import { checkoutCancelledWords, progressWords, timeLeftWords } from '../lib/stores/store-words.ts';
import type { StoreState } from '../lib/stores/store-state.ts';

/**
 * A store page's live parts (docs/decisions/0030-team-stores.md): each design's "N of M sold" from
 * the progress API in place of "Counting the pieces sold…" (the build's numbers, data-built-sold, when it cannot
 * answer), a closed store said so, and the time left ticking once a minute beside the close written in words.
 */
const root = document.querySelector<HTMLElement>('[data-store-slug]');
if (root) {
  const slug = root.dataset['storeSlug']!;
  const countdown = root.querySelector<HTMLElement>('[data-store-time-left]');
  const closesAt = root.dataset['storeClosesAt']!;
  const tick = () => {
    // Never empty: the page keeps the line's height (a blank) so nothing below it moves.
    if (countdown) countdown.textContent = timeLeftWords(closesAt, new Date()) || '\u00a0';
  };
  tick();
  setInterval(tick, 60_000);
  // Back from a checkout that did not go through: why, once the store's state now is known.
  const notice = root.querySelector<HTMLElement>('[data-store-notice]');
  const cancelled = new URLSearchParams(location.search).get('checkout') === 'cancelled';
  const tell = (state: StoreState) => {
    if (!notice || !cancelled) return;
    notice.textContent = checkoutCancelledWords(state);
    notice.hidden = false;
  };
  api
    .get<StoreProgressAnswer>(`stores/${slug}/progress`)
    .then((answer) => {
      tell(answer.state);
      for (const design of answer.designs) {
        const el = root.querySelector<HTMLElement>(`[data-progress-design="${design.id}"]`);
        if (el) el.textContent = progressWords(design.sold, answer.minimum);
      }
      if (answer.state === 'closed' || answer.state === 'closing') {
        const state = root.querySelector<HTMLElement>('[data-store-state]');
        if (state) state.textContent = 'This store has closed. Orders are no longer taken.';
        root.querySelector<HTMLElement>('[data-store-order]')?.setAttribute('hidden', '');
      }
    })
    .catch(() => {
      tell(new Date(closesAt).getTime() <= Date.now() ? 'closing' : 'open');
      const minimum = Number(root.dataset['storeMinimum']);
      for (const el of root.querySelectorAll<HTMLElement>('[data-built-sold]')) {
        el.textContent = progressWords(Number(el.dataset['builtSold']), minimum);
      }
    });
}
