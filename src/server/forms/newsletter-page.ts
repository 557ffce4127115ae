import { EMAIL_MAX_LENGTH } from '../../lib/identifiers.ts';
import { HONEYPOT_FIELD, NEWSLETTER_MESSAGES } from '../../lib/newsletter-schema.ts';
import { escapeHtml } from '../mail/escape-html.ts';
import { fieldError, pageShell } from './page-shell.ts';

const TITLE = 'Join Our Mailing List - Get 10% off your first order';

/**
 * The mailing-list block as a page, answering a form post made without JavaScript: after a
 * sign-up the green notice and an empty field; after a refusal the person's address kept, with
 * the field's message (invalid address) or the red failure notice (throttled, outage).
 */
export function newsletterPage(state: {
  outcome: 'subscribed' | 'invalid' | 'failed';
  email?: string;
  fieldMessage?: string | undefined;
}): string {
  const error = fieldError('newsletter-email', state.outcome === 'invalid' ? state.fieldMessage : undefined);
  const value = state.outcome === 'subscribed' ? '' : (state.email ?? '');
  const notice =
    state.outcome === 'subscribed'
      ? `<p class="notice ok" role="status">${escapeHtml(NEWSLETTER_MESSAGES.success)}</p>`
      : state.outcome === 'failed'
        ? `<p class="notice error" role="alert">${escapeHtml(NEWSLETTER_MESSAGES.failure)}</p>`
        : '';
  return pageShell(
    'Mailing list',
    `<section class="card" aria-labelledby="newsletter-title">
<h1 id="newsletter-title">${escapeHtml(TITLE)}</h1>
${notice}
<form method="post" action="/api/newsletter" novalidate>
<div class="field"><label for="newsletter-email">Email address</label>
<input id="newsletter-email" name="email" type="email" autocomplete="email" required maxlength="${EMAIL_MAX_LENGTH}" value="${escapeHtml(value)}"${error.attrs}>${error.line}</div>
<div class="trap" aria-hidden="true"><label for="newsletter-website">Website</label><input id="newsletter-website" name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></div>
<div class="actions"><button type="submit" class="button">Subscribe</button> <a href="/">Back to the shop</a></div>
</form>
</section>`,
  );
}

/** The page behind the unsubscribe link of the welcome e-mail (GET shows it, its button confirms). */
export function unsubscribePage(state: { token: string; done: boolean; known: boolean }): string {
  const body = !state.known
    ? '<p class="notice error" role="alert">This unsubscribe link is not valid (it may be incomplete).</p>'
    : state.done
      ? '<p class="notice ok" role="status">You are unsubscribed. We will not send you newsletters any more.</p>'
      : `<p>Stop receiving our mailing-list e-mails?</p>
<form method="post" action="/api/newsletter/unsubscribe">
<input type="hidden" name="token" value="${escapeHtml(state.token)}">
<button type="submit" class="button">Unsubscribe</button>
</form>`;
  return pageShell(
    'Unsubscribe',
    `<section class="card" aria-labelledby="unsubscribe-title">
<h1 id="unsubscribe-title">Unsubscribe</h1>
${body}
<p><a href="/">Back to the shop</a></p>
</section>`,
  );
}
