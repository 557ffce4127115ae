import { SHOP } from '../../lib/site.ts';
import { escapeHtml as h } from '../mail/escape-html.ts';
import { pageShell } from './page-shell.ts';

/** The page a wrong, expired or forged order-file link gets: the same for every reason. */
export function renderLinkNotFound(): string {
  return pageShell(
    'Page not found',
    `<h1>Page not found</h1><p>This link does not open an order. If you followed a link from one of our e-mails, write to <a href="mailto:${h(
      SHOP.email,
    )}">${h(SHOP.email)}</a> and we will send you a new one.</p>`,
  );
}
