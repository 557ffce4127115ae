import { SHOP } from '../../lib/site.ts';
import { config } from '../config.ts';
import { escapeHtml as h } from '../mail/escape-html.ts';
import { pageHeaders, pageShell } from './page-shell.ts';

/**
 * The policy of the pages behind signed links still made as strings (the quote page): the order
 * page's artwork script (storage's origin in production), forms to this shop only, never framed.
 */
export function linkPageHeaders(storageUrl: string | undefined = config().SUPABASE_URL): Record<string, string> {
  const storage = storageUrl ? ` ${new URL(storageUrl).origin}` : '';
  return pageHeaders({
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; script-src 'self'; connect-src 'self'${storage}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  });
}

/** The page a wrong, expired or forged link gets: the same for every reason (`what` the link is for). */
export function renderLinkNotFound(what: 'an order' | 'a quote' = 'an order'): string {
  return pageShell(
    'Page not found',
    `<h1>Page not found</h1><p>This link does not open ${what}. If you followed a link from one of our e-mails, write to <a href="mailto:${h(
      SHOP.email,
    )}">${h(SHOP.email)}</a> and we will send you a new one.</p>`,
  );
}

/** A request the page could not take (too large, not a form...): what went wrong, and a way back. */
export function renderProblemPage(message: string): string {
  return pageShell(
    'Something went wrong',
    `<h1>Something went wrong</h1><p class="notice error" role="alert">${h(message)}</p><p>Go back to the page and try again, or write to <a href="mailto:${h(
      SHOP.email,
    )}">${h(SHOP.email)}</a>.</p>`,
  );
}
