import { SHOP } from '../../lib/site.ts';
import { escapeHtml } from '../mail/escape-html.ts';

/**
 * The small page a form post answers when JavaScript is off, and an order file link's "not
 * found": the shop's logo, favicon, colours and main links, nothing to load but the logo.
 * Everything interpolated into it goes through `escapeHtml` first.
 */
export function pageShell(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)} | ${escapeHtml(SHOP.name)}</title>
<style>
  body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d1a16; background: #fffdf8; overflow-wrap: anywhere; }
  header, main, footer { max-width: 40rem; margin: 0 auto; padding: 1rem clamp(.75rem, 3vw, 1.5rem); }
  header { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: .5rem 1.5rem; }
  header img { display: block; width: 180px; height: 40px; }
  header ul { display: flex; flex-wrap: wrap; gap: .25rem 1rem; margin: 0; padding: 0; list-style: none; }
  header nav a { display: inline-block; padding: .6rem 0; font-weight: 600; text-decoration: none; }
  header nav a:hover { text-decoration: underline; }
  a { color: inherit; }
  :focus-visible { outline: 3px solid #b4411c; outline-offset: 2px; }
  .card { padding: 1.5rem; border: 1px solid #e2d9ca; border-radius: 10px; background: #fff; }
  .field { display: grid; gap: .25rem; margin-bottom: 1rem; }
  label { font-weight: 600; }
  input, select, textarea { min-height: 44px; padding: .5rem .75rem; font: inherit; border: 1px solid #5b544b; border-radius: 10px; background: #fff; }
  [aria-invalid="true"] { border-color: #a61b1b; }
  .field-error { margin: 0; color: #a61b1b; font-weight: 600; }
  .notice { padding: .75rem 1rem; border-radius: 10px; font-weight: 600; }
  .notice.ok { color: #1e6b3a; background: #e8f4ec; }
  .notice.error { color: #a61b1b; background: #fbeaea; }
  .actions { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; }
  .button { display: inline-flex; align-items: center; justify-content: center; min-height: 44px; padding: .5rem 1.25rem; border: 2px solid #b4411c; border-radius: 10px; background: #b4411c; color: #fff; font: inherit; font-weight: 700; text-decoration: none; cursor: pointer; }
  .button.secondary { background: transparent; color: #8f3314; }
  .trap { position: absolute; left: -10000px; width: 1px; height: 1px; overflow: hidden; }
</style>
</head>
<body>
<header>
<a href="/"><img src="/images/logo.svg" alt="${escapeHtml(SHOP.name)} home" width="180" height="40"></a>
<nav aria-label="Main"><ul><li><a href="/services">Services</a></li><li><a href="/collections">Collections</a></li><li><a href="/catalog">Catalog</a></li><li><a href="/contact">Contact</a></li></ul></nav>
</header>
<main>
${main}
</main>
<footer><a href="/privacy-policy">Privacy Policy</a></footer>
</body>
</html>
`;
}

/** Headers of such a page: never cached or framed, forms only to this shop, no script at all. */
export function pageHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    ...extra,
  };
}

/** One labelled field's error line and the attributes tying it to its control. */
export function fieldError(id: string, message: string | undefined) {
  return message
    ? {
        attrs: ` aria-invalid="true" aria-describedby="${id}-error"`,
        line: `<p id="${id}-error" class="field-error">${escapeHtml(message)}</p>`,
      }
    : { attrs: '', line: '' };
}
