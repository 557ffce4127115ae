import type { ClientDirective } from 'astro';
import { afterLoadAndPaint } from './after-paint.ts';
import { WAKE_EVENTS } from './wake-events.ts';

/**
 * `client:afterload`: hydrates an island once the page has loaded and its first paint is on
 * screen, or at once on the first sign that a person is about to use the page. For an island
 * whose server HTML already reads as the page (the success page's shell): the framework downloads
 * after what a visitor sees first, never before it.
 */
const afterLoad: ClientDirective = (load) => {
  let started = false;
  const wake = async () => {
    if (started) return;
    started = true;
    for (const type of WAKE_EVENTS) removeEventListener(type, wake, true);
    const hydrate = await load();
    await hydrate();
  };
  for (const type of WAKE_EVENTS) addEventListener(type, wake, { capture: true, passive: true });
  afterLoadAndPaint(wake);
};

export default afterLoad;
