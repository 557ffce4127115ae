/**
 * The contact form in the page (docs/decisions/spec-rules.md#s2 Contact, §4, §5): the shared schema's messages under
 * each field, a JSON post to /api/contact, then the Thank You panel with the green notice. Without
 * this script the form still posts, to /contact/send, which answers with a page.
 */
import { parseErrorBody } from '../lib/api-error.ts';
import { track } from '../lib/browser/analytics.ts';
import { CONTACT_MESSAGES, contactSchema } from '../lib/forms/contact-schema.ts';
import { fieldErrors, HONEYPOT_FIELD } from '../lib/forms/newsletter-schema.ts';

const FIELDS = ['fullName', 'emailAddress', 'subject', 'message'] as const;
type Field = (typeof FIELDS)[number];

const form = document.querySelector<HTMLFormElement>('[data-contact-form]');
const thanks = document.querySelector<HTMLElement>('[data-contact-thanks]');
const notice = document.querySelector<HTMLElement>('[data-contact-notice]');

if (form && thanks && notice) {
  const control = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  let validated = false;
  // Not `disabled`: that would drop the keyboard focus off the button while sending.
  let sending = false;

  const values = (): Record<Field, string> => {
    const data = new FormData(form);
    return Object.fromEntries(FIELDS.map((f) => [f, String(data.get(f) ?? '')])) as Record<Field, string>;
  };
  const say = (text: string, tone: 'ok' | 'error' | null) => {
    notice.textContent = text;
    notice.classList.toggle('ok', tone === 'ok');
    notice.classList.toggle('error', tone === 'error');
  };
  const showErrors = (errors: Record<string, string>, focus: boolean) => {
    let first: HTMLElement | null = null;
    for (const field of FIELDS) {
      const message = errors[field] ?? '';
      const input = control(field);
      const line = form.querySelector<HTMLElement>(`[data-error-for="${field}"]`);
      if (line) line.textContent = message;
      if (input) {
        if (message) input.setAttribute('aria-invalid', 'true');
        else input.removeAttribute('aria-invalid');
        if (message && !first) first = input;
      }
    }
    if (focus) first?.focus();
    return first !== null;
  };

  // Once a submit has shown messages, each edit re-checks, so a fixed field clears at once.
  form.addEventListener('input', () => {
    if (validated) showErrors(fieldErrors(contactSchema, values()), false);
  });

  form.addEventListener('reset', () => {
    validated = false;
    showErrors({}, false);
    say('', null);
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (sending) return;
    say('', null);
    validated = true;
    const input = values();
    if (showErrors(fieldErrors(contactSchema, input), true)) return;

    const trap = control(HONEYPOT_FIELD)?.value ?? '';
    sending = true;
    submit?.setAttribute('aria-disabled', 'true');
    try {
      const response = await fetch('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(trap ? { ...input, [HONEYPOT_FIELD]: trap } : input),
        signal: AbortSignal.timeout(10_000),
      });
      if (response.ok) {
        track('contact-form-submitted', { subject: input.subject, email: input.emailAddress.trim() });
        form.reset();
        form.hidden = true;
        thanks.hidden = false;
        say(CONTACT_MESSAGES.received, 'ok');
        thanks.focus();
        return;
      }
      const body = parseErrorBody(await response.text().catch(() => ''));
      if (response.status === 400 && body.fields) {
        showErrors(body.fields, true);
      } else {
        console.error(`[contact] the message was refused (${response.status})`, body);
        say(response.status === 429 && body.message ? body.message : CONTACT_MESSAGES.failed, 'error');
      }
    } catch (error) {
      console.error('[contact] the message could not be sent', error);
      say(CONTACT_MESSAGES.failed, 'error');
    } finally {
      sending = false;
      submit?.removeAttribute('aria-disabled');
    }
  });

  thanks.querySelector('[data-contact-again]')?.addEventListener('click', () => {
    thanks.hidden = true;
    form.hidden = false;
    say('', null);
    control('fullName')?.focus();
  });
}
