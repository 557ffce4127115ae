import dayjs from 'dayjs';
import { formatUsd } from '../../lib/money.ts';
import { STAGE_LABELS, isOrderStage, type OrderStage } from '../../lib/order-stages.ts';
import { SHOP } from '../../lib/site.ts';
import { config } from '../config.ts';
import { fieldError, pageHeaders, pageShell } from '../forms/page-shell.ts';
import { escapeHtml as h } from '../mail/escape-html.ts';
import type { CustomerOrderView } from './customer-view.ts';

/** What each stage means to the customer, in a sentence. */
const STAGE_WORDS: Record<OrderStage, string> = {
  paid: 'We have your payment and the order is in line.',
  awaiting_artwork:
    'We are waiting for your artwork: send it below, or reply to your confirmation e-mail with the files.',
  proof_sent: 'Your proof is ready: look it over below and approve it or tell us what to change.',
  changes_requested: 'We have your changes and are preparing a new proof.',
  approved: 'You approved the proof. The job is next in line for the press.',
  in_production: 'Your order is being printed.',
  shipped: 'Your order is on its way.',
  ready_for_pickup: 'Your order is ready. Reply to any of our e-mails or call us to arrange the handoff.',
  completed: 'Your order is complete. Thank you!',
};

/**
 * The order page's own policy: the page's one script (/scripts/order-page.js, which sends new
 * artwork straight to storage: the shop's origin, or Supabase Storage's in production), forms to
 * this shop only, never framed.
 */
export function orderPageHeaders(storageUrl: string | undefined = config().SUPABASE_URL): Record<string, string> {
  const storage = storageUrl ? ` ${new URL(storageUrl).origin}` : '';
  return pageHeaders({
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; script-src 'self'; connect-src 'self'${storage}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  });
}

/** Notices after the customer answered (the form posts back, then the page is shown again). */
export type PageNotice = 'approved' | 'changes' | 'artwork' | null;

export interface PageProblem {
  message: string;
  fields?: Record<string, string> | undefined;
  comment?: string;
  /** The print location whose artwork form the problem belongs to (a refused file). */
  target?: { itemId: string; location: string } | undefined;
}

/** The accepted artwork files, as every upload field of the shop says them. */
const ACCEPT = '.png,.jpg,.jpeg,.pdf,.svg,image/png,image/jpeg,application/pdf,image/svg+xml';

const date = (value: Date | string) => dayjs(value).format('MMM D, YYYY h:mm A');

function timelineText(event: CustomerOrderView['timeline'][number]): string {
  const who = event.actor === 'customer' ? 'You' : event.actor === 'owner' ? SHOP.name : 'We';
  if (event.kind === 'stage' && event.to_stage === 'paid')
    return 'All artwork is here: the order is in line for its proof';
  if (event.kind === 'stage' && event.to_stage && isOrderStage(event.to_stage)) {
    if (event.to_stage === 'approved' && event.actor === 'customer') return 'You approved the proof';
    if (event.to_stage === 'changes_requested') return 'You asked for changes';
    if (event.to_stage === 'proof_sent') return `${who} sent a proof`;
    return `${STAGE_LABELS[event.to_stage]} (${who})`;
  }
  if (event.kind === 'refund') return `${who} refunded part of the payment`;
  if (event.kind === 'cancel') return 'The order was cancelled';
  if (event.kind === 'reminder') return 'We reminded you about the artwork';
  if (event.kind === 'artwork') return `${who === 'You' ? 'You sent' : `${who} received`} artwork`;
  if (event.kind === 'stage' && event.to_stage === 'paid')
    return 'All artwork is here: the order is in line for its proof';
  return 'Update';
}

/**
 * The customer's order page (issue #16), rendered by the server for one signed link: where the
 * order is, the proof with its answers, the tracking link, the items with their artwork, the
 * timeline and how to reach the shop. Forms post back to the same address; no script at all.
 * Every value is escaped here.
 */
export function renderOrderPage(
  view: CustomerOrderView,
  token: string,
  notice: PageNotice = null,
  problem: PageProblem | null = null,
): string {
  const base = `/orders/${token}`;
  const parts: string[] = [];
  parts.push(`<h1>Order ${h(view.number)}</h1>`);
  parts.push(`<p>Placed ${h(date(view.createdAt))} · ${h(formatUsd(view.totalCents))}</p>`);
  // A thank-you for an answer shows only while the order still stands where that answer left it:
  // a reload of the address after the shop moved on (a new proof, printing) shows no stale banner.
  if (notice === 'approved' && view.stage === 'approved') {
    parts.push('<p class="notice ok" role="status">Thank you: the proof is approved. We will start printing.</p>');
  } else if (notice === 'changes' && view.stage === 'changes_requested') {
    parts.push('<p class="notice ok" role="status">Thank you: we have your changes and will send a new proof.</p>');
  } else if (notice === 'artwork' && view.canSendArtwork) {
    parts.push('<p class="notice ok" role="status">Thank you: we have your artwork.</p>');
  }
  if (problem) parts.push(`<p class="notice error" role="alert">${h(problem.message)}</p>`);

  const where =
    view.status === 'cancelled'
      ? 'This order was cancelled.'
      : view.stage
        ? STAGE_WORDS[view.stage]
        : 'This order has not been paid yet.';
  parts.push(
    `<section class="card" aria-labelledby="where"><h2 id="where">Where it is: ${h(
      view.status === 'cancelled' ? 'Cancelled' : view.stage ? STAGE_LABELS[view.stage] : 'Awaiting payment',
    )}</h2><p>${h(where)}</p>${
      view.refundedCents > 0 ? `<p>Refunded: <strong>${h(formatUsd(view.refundedCents))}</strong></p>` : ''
    }${
      view.shipment
        ? `<p>Shipped with ${h(view.shipment.carrier)}, tracking number <strong>${h(view.shipment.trackingNumber)}</strong>.${
            view.shipment.trackingUrl
              ? ` <a href="${h(view.shipment.trackingUrl)}" rel="noopener noreferrer">Track your package</a>`
              : ''
          }</p>`
        : ''
    }</section>`,
  );

  if (view.proof) {
    const p = view.proof;
    const comment = fieldError('comment', problem?.fields?.['comment']);
    parts.push(
      `<section class="card" id="proof" aria-labelledby="proof-title"><h2 id="proof-title">Your proof</h2>
<p>Sent ${h(date(p.sentAt))}${p.note ? `: ${h(p.note)}` : ''}</p>
<p><img src="${base}/files/${p.artworkId}/thumbnail" alt="Proof: ${h(p.name)}" width="480" style="max-width:100%;height:auto;border:1px solid #e2d9ca;border-radius:10px"></p>
<p><a href="${base}/files/${p.artworkId}/download">Download the proof (${h(p.name)})</a></p>
${
  view.canAnswerProof
    ? `<form method="post" action="${base}" class="actions" style="margin-bottom:1.5rem">
<input type="hidden" name="answer" value="approve">
<button class="button" type="submit">Approve this proof</button>
</form>
<form method="post" action="${base}" data-changes>
<input type="hidden" name="answer" value="changes">
<input type="hidden" name="artwork_id" value="" disabled>
<input type="hidden" name="owner_token" value="" disabled>
<div class="field"><label for="comment">What should we change?</label>
<textarea id="comment" name="comment" rows="4" maxlength="2000"${comment.attrs}>${h(problem?.comment ?? '')}</textarea>${comment.line}</div>
<div class="field" id="new-artwork" hidden><label for="new-artwork-file">New artwork (optional: PNG, JPEG, PDF or SVG, up to 50 MB)</label>
<input id="new-artwork-file" type="file" accept="${ACCEPT}">
<p data-status role="status"></p></div>
<button class="button secondary" type="submit">Request changes</button>
</form>
`
    : ''
}</section>`,
    );
  }

  let formIndex = 0;
  const locationLine = (
    item: CustomerOrderView['items'][number],
    l: CustomerOrderView['items'][number]['locations'][number],
  ) => {
    if (l.artwork) {
      return `<li>${h(l.name)}: <img src="${base}/files/${l.artwork.id}/thumbnail" alt="" width="48" height="48" style="vertical-align:middle;object-fit:contain"> ${h(l.artwork.name)}</li>`;
    }
    if (!view.canSendArtwork) return `<li>${h(l.name)}: artwork to come</li>`;
    const id = `artwork-${++formIndex}`;
    const mine = problem?.target?.itemId === item.id && problem.target.location === l.code;
    const error = fieldError(id, mine ? (problem?.fields?.['artwork'] ?? problem?.message) : undefined);
    return `<li>${h(l.name)}: artwork to come
<form method="post" action="${base}" enctype="multipart/form-data" class="artwork-form" data-artwork-form>
<input type="hidden" name="answer" value="artwork">
<input type="hidden" name="item" value="${h(item.id)}">
<input type="hidden" name="location" value="${h(l.code)}">
<input type="hidden" name="artwork_id" value="" disabled>
<input type="hidden" name="owner_token" value="" disabled>
<div class="field"><label for="${id}">Artwork for ${h(l.name)} (PNG, JPEG, PDF or SVG, up to 50 MB)</label>
<input id="${id}" name="artwork" type="file" required accept="${ACCEPT}"${error.attrs}>${error.line}
<p data-status role="status"></p></div>
<button class="button" type="submit">Send the artwork for ${h(l.name)}</button>
</form></li>`;
  };
  const items = view.items
    .map(
      (item) =>
        `<li><strong>${h(String(item.quantity))} × ${h(item.label)}</strong>${
          item.locations.length > 0 ? `<ul>${item.locations.map((l) => locationLine(item, l)).join('')}</ul>` : ''
        }</li>`,
    )
    .join('');
  parts.push(`<section aria-labelledby="items"><h2 id="items">Items</h2><ul>${items}</ul></section>`);
  // The page's one script: uploads a chosen file straight to storage (the change request's, and
  // each missing location's); without it the forms post the file with the page.
  if (view.canAnswerProof || formIndex > 0) parts.push('<script type="module" src="/scripts/order-page.js"></script>');

  if (view.timeline.length > 0) {
    parts.push(
      `<section aria-labelledby="history"><h2 id="history">History</h2><ol>${view.timeline
        .map(
          (e) =>
            `<li><time datetime="${h(e.created_at)}">${h(date(e.created_at))}</time>: ${h(timelineText(e))}${
              e.comment ? `: “${h(e.comment)}”` : ''
            }</li>`,
        )
        .join('')}</ol></section>`,
    );
  }
  parts.push(
    `<section aria-labelledby="contact"><h2 id="contact">Questions?</h2><p>Write to <a href="mailto:${h(SHOP.email)}">${h(
      SHOP.email,
    )}</a> or call <a href="tel:${h(SHOP.phone)}">${h(SHOP.phone)}</a> (${h(SHOP.hours)}) and quote order ${h(view.number)}.</p></section>`,
  );
  return pageShell(`Order ${view.number}`, parts.join('\n'));
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
