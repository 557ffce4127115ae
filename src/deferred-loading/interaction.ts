import type { ClientDirective } from 'astro';
import { afterLoadAndPaint } from './after-paint.ts';
import { ISLAND_READY_EVENT, ISLAND_WAKE_EVENT, STAND_IN_ATTRIBUTE } from './island-ready.ts';
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
 * cart. So is a press on a stand-in (STAND_IN_ATTRIBUTE) until then, since React never owns that
 * markup. A press that goes down on a stand-in's button and ends after the island has taken its
 * place ends on the island's button, where the browser clicks nothing: it is held all the same.
 * The island is marked `data-waking` from the first sign on; a script that keeps the
 * markup up to date before hydration stops touching it then.
 *
 * `client:interaction="<selector>"` also hydrates after load (as client:afterload) when the page
 * matches the selector then: the cart page lists a stored cart's lines that its first paint could
 * not draw. ISLAND_WAKE_EVENT on the island wakes it too.
 */
/** How long held presses wait for an island's ready signal once it has hydrated. */
const READY_FALLBACK_MS = 3000;

const interaction: ClientDirective = (load, options, el) => {
  const held: HTMLElement[] = [];
  let hydrated = false;
  let replayed = false;
  let replaying = false;
  let fallback: ReturnType<typeof setTimeout> | undefined;
  /** A button pressed down before hydration: its click is held even if hydration ends first. */
  let pressedAsleep: Element | null = null;
  const buttonOf = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    return button && el.contains(button) ? button : null;
  };
  const notePress = (event: Event) => {
    if (!hydrated) pressedAsleep = buttonOf(event);
  };
  const onStandIn = (button: Element) => !replayed && button.closest(`[${STAND_IN_ATTRIBUTE}]`) !== null;
  /** A stand-in's button a mouse, pen or Space went down on: the island may take its place before the press ends. */
  let pressedStandIn: HTMLButtonElement | null = null;
  /** The island's button such a press ended on, held for it: a click on it in the same task is that press. */
  let endedOn: HTMLButtonElement | null = null;
  const isSpace = (event: Event) => event instanceof KeyboardEvent && event.key === ' ';
  // A touch gets no click of its own until it ends, on what is there then: it needs no help.
  const isPress = (event: Event) => isSpace(event) || (event instanceof PointerEvent && event.pointerType !== 'touch');
  const noteStandInPress = (event: Event) => {
    if (!isPress(event)) return;
    const button = buttonOf(event);
    pressedStandIn = button && onStandIn(button) ? button : null;
  };
  const nameOf = (button: Element) => button.getAttribute('aria-label') ?? button.textContent;
  const endStandInPress = (event: Event) => {
    if (!isPress(event)) return;
    const pressed = pressedStandIn;
    pressedStandIn = null;
    const released = buttonOf(event);
    if (!pressed || pressed.isConnected || !released || nameOf(released) !== nameOf(pressed)) return;
    // The island took the stand-in's place mid-press: replayed on the stand-in's button, the
    // press goes on to its twin (take-over.ts).
    endedOn = released;
    setTimeout(() => (endedOn = null));
    keep(pressed);
  };
  /**
   * Presses the held buttons again, in order, each in a task of its own: React renders between
   * them, so Add to Cart after a held + sees the quantity the + made (two clicks in one task both
   * read the state before either).
   */
  let flushing = false;
  const flush = () => {
    if (flushing) return;
    flushing = true;
    const next = () => {
      const button = held.shift();
      if (!button) {
        flushing = false;
        return;
      }
      replaying = true;
      try {
        button.removeAttribute('aria-busy');
        button.click();
      } finally {
        replaying = false;
      }
      setTimeout(next);
    };
    setTimeout(next);
  };
  const keep = (button: HTMLButtonElement) => {
    held.push(button);
    // On a slow link React may take a moment: say the press is being worked on.
    button.setAttribute('aria-busy', 'true');
    if (replayed) flush();
    else if (hydrated) fallback ??= setTimeout(replay, READY_FALLBACK_MS);
  };
  const hold = (event: Event) => {
    if (replaying) return;
    const button = buttonOf(event);
    if (!button) return;
    if (button === endedOn) {
      // Already held when the press ended (endStandInPress): one press, one click.
      endedOn = null;
      event.stopImmediatePropagation();
      event.preventDefault();
      return;
    }
    const startedAsleep = pressedAsleep === button;
    pressedAsleep = null;
    // Nothing is waiting and the press began awake: the island receives it itself. A press whose
    // pointer went down before hydration is held: React saw only its end and would drop it.
    if (hydrated && held.length === 0 && !startedAsleep && !onStandIn(button)) return;
    // While earlier presses wait for the island, a later one waits behind them: had React
    // handled it at once it would overtake them (Add to Cart before the + pressed first).
    event.stopImmediatePropagation();
    event.preventDefault();
    keep(button);
  };
  const replay = () => {
    if (replayed) return;
    // The fallback may come before a slow render has taken the stand-in's place: a press replayed
    // on a stand-in still in the page goes nowhere (its buttons answer only once taken over).
    if (el.querySelector(`[${STAND_IN_ATTRIBUTE}]`)) {
      fallback = setTimeout(replay, READY_FALLBACK_MS);
      return;
    }
    replayed = true;
    clearTimeout(fallback);
    flush();
  };

  let woken = false;
  const wake = async () => {
    if (woken) return;
    woken = true;
    for (const type of WAKE_EVENTS) el.removeEventListener(type, wake, true);
    el.setAttribute('data-waking', '');
    el.addEventListener(ISLAND_READY_EVENT, replay, { once: true });
    const hydrate = await load();
    await hydrate();
    hydrated = true;
    el.removeEventListener('pointerdown', notePress, true);
    // An island that never says it is ready (or is slow to) still gets its presses, in order.
    if (held.length > 0) fallback = setTimeout(replay, READY_FALLBACK_MS);
  };

  el.addEventListener('pointerdown', notePress, true);
  el.addEventListener('click', hold, true);
  for (const type of ['pointerdown', 'keydown']) el.addEventListener(type, noteStandInPress, true);
  for (const type of ['pointerup', 'keyup']) el.addEventListener(type, endStandInPress, true);
  for (const type of WAKE_EVENTS) el.addEventListener(type, wake, { capture: true, passive: true });
  el.addEventListener(ISLAND_WAKE_EVENT, wake, { once: true });
  const selector = typeof options.value === 'string' ? options.value : '';
  if (selector) afterLoadAndPaint(() => document.querySelector(selector) && wake());
};

export default interaction;
