/**
 * After a refused save: bring the owner to the first field that shows a message. Fields mark
 * themselves the react-aria way (`data-invalid` on the field, `aria-invalid` on its control);
 * a few composite fields (image picker, chips, a group's message) only show `.adm-field-error`,
 * and their own control is taken, or the message itself when there is none.
 */

const MARKS = '[data-invalid], [aria-invalid="true"], .adm-field-error';
const CONTROLS = 'input:not([type="hidden"]), textarea, select, button, [contenteditable="true"], [tabindex]';

function usable(el: HTMLElement): boolean {
  if (el.tabIndex < 0 || el.matches(':disabled') || el.closest('[aria-hidden="true"], [inert]')) return false;
  // A control hidden from sight (the hidden select behind a react-aria Select) is not the field.
  return el.getClientRects().length > 0 || (el instanceof HTMLInputElement && el.type === 'file');
}

function firstControl(scope: Element): HTMLElement | null {
  if (scope instanceof HTMLElement && scope.matches(CONTROLS) && usable(scope)) return scope;
  for (const el of scope.querySelectorAll<HTMLElement>(CONTROLS)) if (usable(el)) return el;
  return null;
}

/** The control a bare message is about: its field's, beside it or in its group; else the message. */
function controlOfMessage(message: HTMLElement, container: Element): HTMLElement {
  const parent = message.parentElement;
  const scope = parent && parent !== container ? parent : message.previousElementSibling;
  const control = scope ? firstControl(scope) : null;
  if (control) return control;
  message.tabIndex = -1;
  return message;
}

/**
 * Scrolls to and focuses the first field in `container` that shows an error. False when no field
 * shows one (the caller then says the message some other way).
 */
export function focusFirstInvalid(container: Element): boolean {
  const mark = container.querySelector<HTMLElement>(MARKS);
  if (!mark) return false;
  const target = mark.classList.contains('adm-field-error')
    ? controlOfMessage(mark, container)
    : (firstControl(mark) ?? mark);
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
  target.focus({ preventScroll: true });
  return true;
}
