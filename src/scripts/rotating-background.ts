/** Cycles the mission section's background every 15 s (docs/decisions/spec-rules.md#s4); still for reduced motion. */
const INTERVAL_MS = 15_000;

if (!matchMedia('(prefers-reduced-motion: reduce)').matches) {
  for (const section of document.querySelectorAll<HTMLElement>('[data-rotating-background]')) {
    const image = section.querySelector('img');
    const sources = JSON.parse(section.dataset['rotatingBackground'] ?? '[]') as string[];
    if (!image || sources.length < 2) continue;
    let index = 0;
    setInterval(() => {
      // Rotating off-screen or in a background tab would only spend data.
      if (document.hidden || !isOnScreen(section)) return;
      index = (index + 1) % sources.length;
      image.src = sources[index]!;
    }, INTERVAL_MS);
  }
}

function isOnScreen(el: HTMLElement) {
  const box = el.getBoundingClientRect();
  return box.bottom > 0 && box.top < innerHeight;
}
