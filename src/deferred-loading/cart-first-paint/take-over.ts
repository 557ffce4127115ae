import { STAND_IN_ATTRIBUTE, STAND_IN_CHANGED_ATTRIBUTE } from '../island-ready.ts';

/**
 * The island taking the place of the first paint's stand-in (paint.ts). Called from a layout
 * effect once React has rendered the cart next to the stand-in, in the same markup: the stand-in
 * goes before the browser paints again, so nothing moves or flashes. What a person did on the
 * stand-in carries over to the same element of the island's render: an opened promo-code box, a
 * changed field (as if typed or chosen there), focus, and the presses client:interaction held
 * before hydration, which it replays on the stand-in's buttons once the island is ready.
 */

const nameOf = (el: Element) => el.getAttribute('aria-label') ?? el.textContent;

/** The element at the same place under `to` as `node` is under `from` (same markup), or null. */
function counterpart<T extends Element>(node: T, from: Element, to: Element): T | null {
  const path: number[] = [];
  for (let at: Element = node; at !== from; at = at.parentElement!) {
    path.unshift([...at.parentElement!.children].indexOf(at));
  }
  let found: Element | undefined = to;
  for (const index of path) found = found?.children[index];
  // A value only goes to the same control (a line that changed meanwhile is skipped).
  return found?.tagName === node.tagName && nameOf(found) === nameOf(node) ? (found as T) : null;
}

/**
 * The island's button a held press on the stand-in's `button` was meant for: the one of the same
 * name, the nth of that name as on the stand-in. By name, not by place: an earlier replayed press
 * may have changed the island's lines since (Remove one line, then another).
 */
function buttonTwin(button: HTMLButtonElement, from: Element, to: Element): HTMLButtonElement | null {
  const named = (root: Element) => [...root.querySelectorAll('button')].filter((b) => nameOf(b) === nameOf(button));
  return named(to)[named(from).indexOf(button)] ?? null;
}

/** Sets a field's value the way typing does, so React's onChange sees it. */
function typeInto(field: HTMLInputElement | HTMLSelectElement, value: string) {
  const prototype = field instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

function carryOver(standIn: Element, live: Element) {
  for (const details of standIn.querySelectorAll('details')) {
    const twin = counterpart(details, standIn, live);
    if (twin) twin.open = details.open;
  }
  // Marked as they changed (paint.ts): the island's own radios, once inserted, share a group with
  // the stand-in's and may have unchecked the one a person chose.
  for (const field of standIn.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
    `[${STAND_IN_CHANGED_ATTRIBUTE}]`,
  )) {
    const twin = counterpart(field, standIn, live);
    if (!twin) continue;
    if (twin instanceof HTMLInputElement && twin.type === 'radio') {
      if (!twin.checked) twin.click();
    } else if (twin instanceof HTMLInputElement && twin.type === 'checkbox') {
      if (twin.checked !== (field as HTMLInputElement).checked) twin.click();
    } else typeInto(twin, field.value);
  }
}

/** Replaces the stand-in next to `live` (the island's cart layout), if the first paint left one. */
export function takeOverStandIn(live: Element): void {
  const standIn = live.parentElement?.querySelector(`:scope > [${STAND_IN_ATTRIBUTE}]`);
  if (!standIn) return;
  const focused = standIn.contains(document.activeElement) ? document.activeElement : null;
  // The island's render sits below the stand-in until it goes: the browser's scroll anchoring
  // would follow it up by the stand-in's height, and a press (or a look) made halfway down the
  // page would then end at the top of it. The island's render takes the stand-in's exact place.
  const { scrollX: x, scrollY: y } = window;
  standIn.remove();
  if (scrollX !== x || scrollY !== y) scrollTo({ left: x, top: y, behavior: 'instant' });
  // Once the stand-in is out of the page: React refuses (error #90) to change a radio group that
  // also holds radios it does not own, and the whole island would fail.
  carryOver(standIn, live);
  const focusTwin = focused && counterpart(focused, standIn, live);
  if (focusTwin instanceof HTMLElement) focusTwin.focus({ preventScroll: true });
  // Presses held before hydration are replayed on the stand-in's buttons: each goes on to its twin.
  standIn.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    const twin = button && buttonTwin(button, standIn, live);
    if (!twin) return;
    event.preventDefault();
    twin.click();
  });
}
