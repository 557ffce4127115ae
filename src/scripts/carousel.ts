/**
 * Home testimonial carousel (docs/decisions/spec-rules.md#s4: advance cyclically every 5 s). Pausable, reachable by
 * keyboard, paused while hovered or focused, and never auto-rotating for people who ask for
 * reduced motion.
 */
const ROTATE_MS = 5000;

for (const root of document.querySelectorAll<HTMLElement>('[data-carousel]')) {
  const slides = [...root.querySelectorAll<HTMLElement>('.slide')];
  const live = root.querySelector<HTMLElement>('[data-carousel-slides]');
  const controls = root.querySelector<HTMLElement>('[data-carousel-controls]');
  const toggle = root.querySelector<HTMLButtonElement>('[data-carousel-toggle]');
  if (slides.length < 2 || !live || !controls || !toggle) continue;

  const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
  let current = 0;
  let playing = !reduced;
  let held = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const show = (index: number) => {
    current = (index + slides.length) % slides.length;
    slides.forEach((slide, i) => {
      slide.classList.toggle('is-current', i === current);
    });
  };
  const schedule = () => {
    clearInterval(timer);
    timer = playing && !held ? setInterval(() => show(current + 1), ROTATE_MS) : undefined;
    // Announce changes only when a person moves the carousel, not on every automatic turn.
    live.setAttribute('aria-live', playing ? 'off' : 'polite');
    toggle.textContent = playing ? 'Pause' : 'Play';
    toggle.setAttribute('aria-label', playing ? 'Pause automatic rotation' : 'Start automatic rotation');
  };

  root.classList.add('is-enhanced');
  controls.hidden = false;
  show(0);
  schedule();

  toggle.addEventListener('click', () => {
    playing = !playing;
    schedule();
  });
  root.querySelector('[data-carousel-prev]')?.addEventListener('click', () => {
    playing = false;
    show(current - 1);
    schedule();
  });
  root.querySelector('[data-carousel-next]')?.addEventListener('click', () => {
    playing = false;
    show(current + 1);
    schedule();
  });
  const hold = (value: boolean) => () => {
    held = value;
    schedule();
  };
  root.addEventListener('mouseenter', hold(true));
  root.addEventListener('mouseleave', hold(false));
  root.addEventListener('focusin', hold(true));
  root.addEventListener('focusout', (event) => {
    if (!root.contains(event.relatedTarget as Node | null)) hold(false)();
  });
}
