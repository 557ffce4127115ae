import { formatUsd } from '../../lib/money.ts';
import { SHOP } from '../../lib/site.ts';
import type { SessionOrderDetails } from '../checkout/session-view.ts';
import { testCheckoutPath } from './embedded.ts';
import { type ContactErrors, type ContactValues, contactFieldset } from './test-checkout-contact.ts';
import { TAX_LINE_NAME } from './provider.ts';
import { SHIPPING_SPEED_NAMES } from '../../lib/shipping-speeds.ts';

const html = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface PageOptions {
  /** Origin the forms post to and redirect within (CSP form-action). */
  origin: string;
  /** A message about the last submission, e.g. an invalid e-mail. */
  error?: string;
  email?: string;
  /** What the customer typed in the contact fields, shown again after a refused Pay. */
  contact?: ContactValues;
  /** Each contact field's problem, in words. */
  contactErrors?: ContactErrors;
}

/** The built-in test checkout: the order, its total, and Pay / Cancel (no card is charged). */
export function renderTestCheckout(order: SessionOrderDetails, options: PageOptions): string {
  const path = testCheckoutPath(order.sessionId);
  const rows = order.items
    .map(
      (item) =>
        `<tr><th scope="row">${html(item.label)}` +
        (item.breakdown ? `<span class="breakdown">${html(item.breakdown)}</span>` : '') +
        `</th><td>${item.quantity}</td>` +
        `<td>${formatUsd(item.unitPriceCents)}</td><td>${formatUsd(item.unitPriceCents * item.quantity)}</td></tr>`,
    )
    .join('');
  const shippingName =
    order.fulfillment === 'local'
      ? 'Local handoff'
      : `Shipping${order.shippingSpeed ? ` (${SHIPPING_SPEED_NAMES[order.shippingSpeed]})` : ''}`;
  const totals = [
    ['Subtotal', formatUsd(order.subtotalCents)],
    ...(order.discountCents > 0
      ? [[`Discount${order.discountCode ? ` (${order.discountCode})` : ''}`, `−${formatUsd(order.discountCents)}`]]
      : []),
    [shippingName, order.shippingCents > 0 ? formatUsd(order.shippingCents) : 'Free'],
    [TAX_LINE_NAME, formatUsd(order.taxCents)],
  ]
    .map(([term, value]) => `<div><dt>${html(term!)}</dt><dd>${html(value!)}</dd></div>`)
    .join('');

  let body: string;
  if (order.status === 'pending' && !order.lapsed) {
    body = `
<p class="note">This is the shop's built-in test checkout. <strong>No card is charged.</strong>
Pay marks the order as paid, the way a real payment would.</p>
<form method="post" action="${path}/pay" novalidate>
  ${contactSummary(options.contactErrors)}
  ${emailField(order, options)}
  ${options.error ? `<p id="email-error" class="error" role="alert">${html(options.error)}</p>` : ''}
  ${contactFieldset(order.fulfillment !== 'local', options.contact ?? {}, options.contactErrors ?? {})}
  <button type="submit" class="pay">Pay</button>
</form>
<form method="post" action="${path}/cancel"><button type="submit">Cancel</button></form>`;
  } else if (order.status === 'pending' || order.status === 'cancelled') {
    body = `<p class="note" role="status">This checkout has expired or was cancelled; nothing was charged.</p>
<p><a href="/cart">Back to your cart</a></p>`;
  } else {
    body = `<p class="note" role="status">This order is paid. Thank you!</p>
<p><a href="/success?session_id=${encodeURIComponent(order.sessionId)}">See your receipt</a></p>`;
  }

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Test checkout · ${html(SHOP.name)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; color: #1f2933; background: #f5f3ef; margin: 0; }
  main { max-width: 40rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 8px; }
  h1 { margin-top: 0; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: .4rem .25rem; border-bottom: 1px solid #e4e7eb; }
  td:nth-child(n+2) { text-align: right; }
  .breakdown { display: block; font-weight: 400; font-size: .875rem; color: #4b5563; }
  dl div { display: flex; justify-content: space-between; margin: .25rem 0; }
  dd { margin: 0; }
  .total { font-weight: 700; font-size: 1.2rem; border-top: 2px solid #1f2933; padding-top: .5rem; }
  .note { background: #fff7e0; border-left: 4px solid #b7791f; padding: .5rem .75rem; }
  .error { color: #9b1c1c; }
  .hint { color: #52606d; margin: .25rem 0 0; }
  input[readonly] { background: #f5f7fa; }
  form { margin: 1rem 0; }
  label { display: block; font-weight: 600; }
  fieldset { border: 1px solid #cbd2d9; border-radius: 6px; margin: 1rem 0; padding: .5rem 1rem 1rem; }
  legend { font-weight: 700; padding: 0 .25rem; }
  .field { margin-top: .75rem; }
  .field .error, .field .hint { margin: .15rem 0 0; }
  select { font: inherit; padding: .4rem; width: 100%; max-width: 24rem; box-sizing: border-box; }
  input[aria-invalid="true"], select[aria-invalid="true"] { border: 2px solid #9b1c1c; }
  input { font: inherit; padding: .4rem; width: 100%; max-width: 24rem; box-sizing: border-box; }
  button { font: inherit; padding: .6rem 1.4rem; border-radius: 6px; border: 1px solid #1f2933; background: #fff; cursor: pointer; }
  button.pay { background: #1f4e79; color: #fff; border-color: #1f4e79; margin-top: .75rem; }
  button:focus-visible, a:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid #b7791f; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>Test checkout</h1>
<p>${html(SHOP.name)} · order ${html(order.id)}</p>
<h2>Your order</h2>
<table>
  <thead><tr><th scope="col">Item</th><th scope="col">Qty</th><th scope="col">Price</th><th scope="col">Amount</th></tr></thead>
  <tbody>${rows}</tbody>
</table>
<dl>${totals}<div class="total"><dt>Total</dt><dd>${formatUsd(order.totalCents)}</dd></div>${
    order.depositCents === null
      ? ''
      : `<div class="total"><dt>Due now (deposit)</dt><dd>${formatUsd(order.depositCents)}</dd></div>` +
        `<div><dt>Balance, asked later</dt><dd>${formatUsd(order.totalCents - order.depositCents)}</dd></div>`
  }</dl>
${body}
</main>
</body>
</html>
`;
}

/**
 * The Pay form's e-mail: optional, or, for an order a personal code bound to an address, that
 * address shown fixed (read-only), as Stripe shows customer_email; the action refuses another.
 */
function emailField(order: SessionOrderDetails, options: PageOptions): string {
  const described = [order.discountEmail ? 'email-fixed' : '', options.error ? 'email-error' : '']
    .filter(Boolean)
    .join(' ');
  const aria = `${options.error ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}`;
  if (order.discountEmail) {
    return `<label for="email">E-mail for the receipt</label>
  <input id="email" name="email" type="email" value="${html(order.discountEmail)}" readonly${aria}>
  <p id="email-fixed" class="hint">Your discount code was sent to this address, so this order is paid for it.</p>`;
  }
  return `<label for="email">E-mail for the receipt (optional)</label>
  <input id="email" name="email" type="email" autocomplete="email" value="${html(options.email ?? '')}"${aria}>`;
}

/** After a refused Pay: how many fields need a look, announced at once (each field names its own problem). */
function contactSummary(errors: ContactErrors | undefined): string {
  const count = Object.keys(errors ?? {}).length;
  if (count === 0) return '';
  return `<p class="error" role="alert">Not paid yet: ${
    count === 1 ? 'one field needs' : `${count} fields need`
  } your attention. ${Object.values(errors!).map(html).join(' ')}</p>`;
}

/** Headers of the page: never cached, never framed, forms only to this shop. */
export function pageHeaders(origin: string): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${origin}; base-uri 'none'; frame-ancestors 'none'`,
  };
}

/** A small page for a session that does not exist. */
export function renderNotFound(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout not found · ${html(SHOP.name)}</title></head>
<body><main><h1>Checkout not found</h1><p>This checkout link is not valid.</p><p><a href="/cart">Back to your cart</a></p></main></body></html>
`;
}
