import type { ClientDirective } from 'astro';
import { WAKE_EVENTS } from './wake-events.ts';

/**
 * `client:afterload`: hydrates an island once the page has loaded and its first paint is on
 * screen, or at once on the first sign that a person is about to use the page (the same wait as
 * the page-script loader in src/build/deferred-scripts.ts). For an island whose server HTML
 * already reads as the page (the cart's empty state and its suggestions): the framework downloads
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
  // Once the page has painted (reported when the frame is on screen), two more frames for the
  // images that finished with the load event.
  const twoFrames = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(wake)));
  const afterPaint = () => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      twoFrames();
      return;
    }
    new PerformanceObserver((_, observer) => {
      observer.disconnect();
      twoFrames();
    }).observe({ type: 'paint', buffered: true });
  };
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
};

export default afterLoad;
