import type { ClientDirective } from 'astro';
import { afterLoadAndPaint } from './after-paint.ts';
import { ISLAND_READY_EVENT } from './island-ready.ts';
import { WAKE_EVENTS } from './wake-events.ts';

/**
 * `client:interaction`: hydrates an island on the first sign that a person is about to use it
 * (a pointer over it or pressed on it, a touch, focus, a key) instead of when the page loads, so
 * the page loads no framework before then. Its server-rendered markup is the island until then,
 * and must read and work as one: native radios and inputs keep what a person does on them, and the
 * island takes that over when it hydrates.
 *
 * A press on a button before hydration is not lost: it is held and replayed once the island
 * announces it is ready (ISLAND_READY_EVENT), so the click that woke the island still adds to the
 * cart. The island is marked `data-waking` from the first sign on; a script that keeps the markup
 * up to date before hydration stops touching it then.
 *
 * `client:interaction="<selector>"` also hydrates after load (as client:afterload) when the page
 * matches the selector then: the cart page waits for a person while the cart is empty, and lists a
 * stored cart's lines (`html[data-cart-items]`) without one.
 */
const interaction: ClientDirective = (load, options, el) => {
  const held: HTMLElement[] = [];
  const hold = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !el.contains(button)) return;
    held.push(button);
    // On a slow link React may take a moment: say the press is being worked on.
    button.setAttribute('aria-busy', 'true');
  };
  const replay = () => {
    // Out of React's own work: the island has just committed its hydrated state.
    setTimeout(() => {
      for (const button of held.splice(0)) {
        button.removeAttribute('aria-busy');
        button.click();
      }
    });
  };

  let woken = false;
  const wake = async () => {
    if (woken) return;
    woken = true;
    for (const type of WAKE_EVENTS) el.removeEventListener(type, wake, true);
    el.setAttribute('data-waking', '');
    el.addEventListener(ISLAND_READY_EVENT, replay, { once: true });
    const hydrate = await load();
    // From hydration on, the island receives presses itself.
    el.removeEventListener('click', hold, true);
    await hydrate();
  };

  el.addEventListener('click', hold, true);
  for (const type of WAKE_EVENTS) el.addEventListener(type, wake, { capture: true, passive: true });
  const selector = typeof options.value === 'string' ? options.value : '';
  if (selector && document.querySelector(selector)) afterLoadAndPaint(wake);
};

export default interaction;
