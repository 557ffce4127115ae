import { formatUsd } from '../../lib/money.ts';
import { balanceDueWords } from '../../lib/order-balance.ts';
import { lineTotalCents } from '../../lib/quote-pricing.ts';
import { SHOP } from '../../lib/site.ts';
import { fieldError, pageShell } from '../forms/page-shell.ts';
import { escapeHtml as h } from '../mail/escape-html.ts';
import type { CustomerQuoteView } from './customer-quote.ts';
import { linkPageHeaders } from '../forms/link-pages.ts';
import { longDay } from './quote-mail.ts';
import { shippingSpeedLine } from '../../lib/shipping-speeds.ts';

/**
 * The order page's policy, except that "Accept and pay" may end on Stripe Checkout's page:
 * browsers hold a form's redirect to form-action too.
 */
export function quotePageHeaders(): Record<string, string> {
  const headers = linkPageHeaders();
  const policy = headers['content-security-policy'] ?? '';
  return {
    ...headers,
    'content-security-policy': policy.replace("form-action 'self'", "form-action 'self' https://checkout.stripe.com"),
  };
}

/** Notices after the customer answered (the form posts back, then the page is shown again). */
export type QuoteNotice = 'declined' | 'cancelled' | null;

export interface QuoteProblem {
  message: string;
  fields?: Record<string, string> | undefined;
  reason?: string;
}

const money = (cents: number) => h(formatUsd(cents));

function linesTable(view: CustomerQuoteView): string {
  const r = view.revision;
  if (!r) return '';
  const rows = r.lines
    .map(
      (line) =>
        `<tr><th scope="row">${h(line.description)}${
          line.pricing ? `<br><small class="breakdown">${h(line.pricing.breakdown)}</small>` : ''
        }</th><td>${h(line.quantity.toLocaleString('en-US'))}</td><td>${money(
          line.unit_price_cents,
        )}</td><td>${money(line.unit_price_cents * line.quantity)}</td></tr>${line.charges
          .map(
            (c) =>
              `<tr class="charge"><th scope="row">${h(c.name)}</th><td>${h(c.quantity.toLocaleString('en-US'))}</td><td>${money(
                c.unit_price_cents,
              )}</td><td>${money(c.unit_price_cents * c.quantity)}</td></tr>`,
          )
          .join('')}`,
    )
    .join('');
  const sum = (label: string, value: string, strong = false) =>
    `<tr><th scope="row" colspan="3">${strong ? `<strong>${label}</strong>` : label}</th><td>${
      strong ? `<strong>${value}</strong>` : value
    }</td></tr>`;
  const lines = r.lines.reduce((s, l) => s + lineTotalCents(l), 0);
  return `<div class="table-wrap" tabindex="0" role="region" aria-label="Quote lines"><table>
<caption>Quote ${h(view.reference)}, revision ${r.number}</caption>
<thead><tr><th scope="col">Item</th><th scope="col">Quantity</th><th scope="col">Each</th><th scope="col">Amount</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot>${sum('Subtotal', money(lines))}${r.discountCents > 0 ? sum('Discount', `−${money(r.discountCents)}`) : ''}${sum(
    r.fulfillment === 'local' ? 'Local handoff' : r.shippingSpeed ? shippingSpeedLine(r.shippingSpeed) : 'Shipping',
    r.shippingCents > 0 ? money(r.shippingCents) : 'Free',
  )}${sum('Tax', money(r.taxCents))}${sum('Total', money(r.totalCents), true)}</tfoot>
</table></div>`;
}

/**
 * The customer's quote page (issue #17), rendered by the server for one signed link: the priced
 * lines, setup fees, shipping, tax and total of the revision sent, the valid-until date, and
 * "Accept and pay" or "Decline" while the quote is open. No script; every value is escaped.
 */
export function renderQuotePage(
  view: CustomerQuoteView,
  token: string,
  notice: QuoteNotice = null,
  problem: QuoteProblem | null = null,
): string {
  const base = `/quotes/${token}`;
  const r = view.revision;
  const parts: string[] = [`<h1>Quote ${h(view.reference)}</h1>`, `<p>${h(view.what)}, for ${h(view.fullName)}</p>`];
  if (notice === 'declined') {
    parts.push('<p class="notice ok" role="status">Thank you for letting us know. We have closed this quote.</p>');
  } else if (notice === 'cancelled') {
    parts.push(
      '<p class="notice ok" role="status">Payment cancelled: nothing was charged. The quote is still open.</p>',
    );
  }
  if (problem) parts.push(`<p class="notice error" role="alert">${h(problem.message)}</p>`);

  const open = view.status === 'quoted' && !view.expired;
  let where: string;
  if (view.status === 'accepted') {
    where = view.order
      ? `Accepted and paid: it is order <a href="${h(view.order.url)}">${h(view.order.number)}</a>, where you can follow it.`
      : 'Accepted and paid. Thank you!';
  } else if (view.status === 'declined') {
    where = `You declined this quote${view.declineReason ? `: “${h(view.declineReason)}”` : '.'}`;
  } else if (view.status === 'withdrawn') {
    where = 'We withdrew this quote. Write to us and we will price the job again.';
  } else if (view.expired) {
    where = `This quote expired on ${h(longDay(r?.validUntil ?? ''))}. Write to us and we will gladly price it again.`;
  } else {
    where = `Valid until <strong>${h(longDay(r?.validUntil ?? ''))}</strong>.`;
  }
  parts.push(
    `<section class="card" aria-labelledby="where"><h2 id="where">${h(
      view.status === 'accepted'
        ? 'Accepted'
        : view.status === 'declined'
          ? 'Declined'
          : view.status === 'withdrawn'
            ? 'Withdrawn'
            : view.expired
              ? 'Expired'
              : 'Your quote',
    )}</h2><p>${where}</p>${r?.message ? `<p>${h(r.message)}</p>` : ''}</section>`,
  );
  parts.push(`<section aria-labelledby="lines"><h2 id="lines">What it comes to</h2>${linesTable(view)}</section>`);
  if (view.artwork.length > 0) {
    parts.push(
      `<section aria-labelledby="files"><h2 id="files">Your files</h2><ul>${view.artwork
        .map((name) => `<li>${h(name)}</li>`)
        .join('')}</ul></section>`,
    );
  }
  if (open && r) {
    const reason = fieldError('reason', problem?.fields?.['reason']);
    parts.push(`<section class="card" aria-labelledby="answer"><h2 id="answer">Go ahead?</h2>
<form method="post" action="${base}" class="actions" style="margin-bottom:1.5rem">
<input type="hidden" name="action" value="accept">
${depositTerms(r)}<button class="button" type="submit">${
      r.depositCents === null
        ? `Accept and pay ${money(r.totalCents)}`
        : `Accept and pay the deposit, ${money(r.depositCents)}`
    }</button>
</form>
<form method="post" action="${base}">
<input type="hidden" name="action" value="decline">
<div class="field"><label for="reason">Not for you? Tell us why (optional)</label>
<textarea id="reason" name="reason" rows="3" maxlength="1000"${reason.attrs}>${h(problem?.reason ?? '')}</textarea>${reason.line}</div>
<button class="button secondary" type="submit">Decline this quote</button>
</form></section>`);
  }
  parts.push(
    `<section aria-labelledby="contact"><h2 id="contact">Questions?</h2><p>Write to <a href="mailto:${h(SHOP.email)}">${h(
      SHOP.email,
    )}</a> or call <a href="tel:${h(SHOP.phone)}">${h(SHOP.phone)}</a> (${h(SHOP.hours)}) and quote ${h(view.reference)}.</p></section>`,
  );
  return pageShell(`Quote ${view.reference}`, parts.join('\n'));
}

/** A quote taken with a deposit says what is paid now and when the rest is asked (issue #29). */
function depositTerms(r: NonNullable<CustomerQuoteView['revision']>): string {
  if (r.depositCents === null) return '';
  return `<p>Accepting pays a ${r.depositPercent} % deposit of <strong>${money(r.depositCents)}</strong> now. The balance of <strong>${money(
    r.totalCents - r.depositCents,
  )}</strong> is asked ${balanceDueWords(r.balanceDue)}${
    r.balanceDue === 'before_production' ? ': we print once it is paid' : ''
  }.</p>`;
}
