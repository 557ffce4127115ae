import { formatUsd } from '../../lib/money.ts';
import { SHOP } from '../../lib/site.ts';
import { escapeHtml as html } from '../mail/escape-html.ts';
import type { TestPayment } from './test-payment.ts';
import { testPaymentPath } from './test-payment-session.ts';

/**
 * The built-in test checkout's page for a payment request (issue #29): the one line, its amount,
 * Pay (no card is charged) and a way back to the order; a refusal is said in words.
 */
export function renderTestPayment(payment: TestPayment, orderUrl: string, problem: string | null = null): string {
  const body = problem
    ? `<p class="error" role="alert">${html(problem)}</p>`
    : `<p class="note">This is the shop's built-in test checkout. <strong>No card is charged.</strong>
Pay records the payment, the way a real one would.</p>
<form method="post" action="${testPaymentPath(payment.sessionId)}/pay"><button type="submit" class="pay">Pay ${formatUsd(payment.amountCents)}</button></form>`;
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
  dl div { display: flex; justify-content: space-between; gap: 1rem; font-weight: 700; }
  dd { margin: 0; }
  .note { background: #fff7e0; border-left: 4px solid #b7791f; padding: .5rem .75rem; }
  .error { color: #9b1c1c; }
  button { font: inherit; padding: .6rem 1.4rem; border-radius: 6px; border: 1px solid #1f4e79; background: #1f4e79; color: #fff; cursor: pointer; }
  button:focus-visible, a:focus-visible { outline: 3px solid #b7791f; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>Test checkout</h1>
<p>${html(SHOP.name)}</p>
<dl><div><dt>${html(payment.line)}</dt><dd>${formatUsd(payment.amountCents)}</dd></div></dl>
${body}
<p><a href="${html(orderUrl)}">Back to your order</a></p>
</main>
</body>
</html>
`;
}
