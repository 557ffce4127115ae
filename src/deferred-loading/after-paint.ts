/**
 * Calls `then` once the page has loaded and its first paint is on screen (the paint entry is
 * reported when the frame is shown), two frames later for the images that finished with the load
 * event. The same wait as the page-script loader in src/deferred-loading/deferred-scripts.ts, which cannot
 * import this (it is an inline string).
 */
export function afterLoadAndPaint(then: () => void): void {
  const twoFrames = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(then)));
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
}
