import {
  CONTACT_MESSAGES,
  DEFAULT_INQUIRY,
  INQUIRY_TYPES,
  MESSAGE_MAX_LENGTH,
  NAME_MAX_LENGTH,
} from '../../lib/contact-schema.ts';
import { EMAIL_MAX_LENGTH } from '../../lib/identifiers.ts';
import { HONEYPOT_FIELD } from '../../lib/newsletter-schema.ts';
import { escapeHtml } from '../mail/escape-html.ts';
import { fieldError, pageShell } from './page-shell.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The no-JavaScript answer to a contact form that went through: the Thank You panel. */
export function contactSuccessPage(): string {
  return pageShell(
    'Contact Us',
    `<section class="card" aria-labelledby="thanks-title">
<h1 id="thanks-title">Thank You!</h1>
<p class="notice ok" role="status">${escapeHtml(CONTACT_MESSAGES.received)}</p>
<p>Thanks for reaching out. Someone from our team will be in touch shortly.</p>
<p class="actions"><a class="button" href="/">Back to home</a> <a class="button secondary" href="/contact">Send another message</a></p>
</section>`,
  );
}

/**
 * The contact form again, with what the person typed and a message under each field the
 * server refused; `notice` says why when it is not about one field (throttled, outage).
 */
export function contactFormPage(values: Record<string, unknown>, fields: Record<string, string>, notice?: string) {
  const name = fieldError('contact-name', fields['fullName']);
  const email = fieldError('contact-email', fields['emailAddress']);
  const subject = fieldError('contact-subject', fields['subject']);
  const message = fieldError('contact-message', fields['message']);
  const chosen = text(values['subject']) || DEFAULT_INQUIRY;
  // A required select starts with an empty placeholder (HTML's placeholder label option).
  const options = `<option value="" disabled>Choose an inquiry type</option>${INQUIRY_TYPES.map(
    (t) => `<option${t === chosen ? ' selected' : ''}>${escapeHtml(t)}</option>`,
  ).join('')}`;
  const summary = notice ?? 'Please correct the fields below and send your message again.';
  return pageShell(
    'Contact Us',
    `<h1>Get in Touch</h1>
<section class="card" aria-labelledby="form-title">
<h2 id="form-title">Send us a message</h2>
<p class="notice error" role="alert">${escapeHtml(summary)}</p>
<form method="post" action="/api/contact" novalidate>
<div class="field"><label for="contact-name">Name</label>
<input id="contact-name" name="fullName" autocomplete="name" required maxlength="${NAME_MAX_LENGTH}" value="${escapeHtml(text(values['fullName']))}"${name.attrs}>${name.line}</div>
<div class="field"><label for="contact-email">Email</label>
<input id="contact-email" name="emailAddress" type="email" autocomplete="email" required maxlength="${EMAIL_MAX_LENGTH}" value="${escapeHtml(text(values['emailAddress']))}"${email.attrs}>${email.line}</div>
<div class="field"><label for="contact-subject">Inquiry type</label>
<select id="contact-subject" name="subject" required${subject.attrs}>${options}</select>${subject.line}</div>
<div class="field"><label for="contact-message">Message</label>
<textarea id="contact-message" name="message" rows="6" required maxlength="${MESSAGE_MAX_LENGTH}"${message.attrs}>${escapeHtml(text(values['message']))}</textarea>${message.line}</div>
<div class="trap" aria-hidden="true"><label for="contact-website">Website</label><input id="contact-website" name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></div>
<div class="actions"><button type="submit" class="button">Send Message</button> <a class="button secondary" href="/contact">Reset</a></div>
</form>
<p>We only use your details to answer you. Read our <a href="/privacy-policy">Privacy Policy</a>.</p>
</section>`,
  );
}
