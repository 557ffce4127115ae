import { formatUsd } from '../../../lib/money.ts';
import { STAGE_LABELS, isOrderStage, type OrderStage } from '../../../lib/orders/order-stages.ts';
import { shopDateTimeWords, shopDateWords } from '../../../lib/site/shop-time.ts';
import type { CustomerOrderView } from '../../../server/orders/customer-view.ts';

/** What each stage means to the customer, in a sentence. */
export const STAGE_WORDS: Record<OrderStage, string> = {
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

/** The accepted artwork files, as every upload field of the shop says them. */
export const ARTWORK_ACCEPT = '.png,.jpg,.jpeg,.pdf,.svg,image/png,image/jpeg,application/pdf,image/svg+xml';

/** "Sun, Nov 29, 2026, 11:30 PM CST": on the shop's clock, whatever the server's zone. */
export const orderDate = shopDateTimeWords;

/** Where the order stands, as a heading word and a sentence. */
export function whereItIs(view: CustomerOrderView): { label: string; words: string } {
  if (view.status === 'cancelled') return { label: 'Cancelled', words: 'This order was cancelled.' };
  if (!view.stage) return { label: 'Awaiting payment', words: 'This order has not been paid yet.' };
  // Billed to an account and not paid yet: in line, and owed on its invoice (never "Paid").
  const invoice = view.money.invoice;
  if (view.stage === 'paid' && invoice && view.money.balanceCents > 0) {
    const due = shopDateWords(invoice.dueOn);
    return {
      label: 'On account',
      words: `The order is placed on your account and in line. Invoice ${invoice.number} is due ${due}: ${formatUsd(view.money.balanceCents)} owed.`,
    };
  }
  return { label: STAGE_LABELS[view.stage], words: STAGE_WORDS[view.stage] };
}

/** One line of the order's history, told to the customer; the owner is the shop, by its name. */
export function timelineText(event: CustomerOrderView['timeline'][number], shopName: string): string {
  const who = event.actor === 'customer' ? 'You' : event.actor === 'owner' ? shopName : 'We';
  if (event.kind === 'stage' && event.to_stage === 'paid')
    return 'All artwork is here: the order is in line for its proof';
  if (event.kind === 'stage' && event.to_stage && isOrderStage(event.to_stage)) {
    if (event.to_stage === 'approved' && event.actor === 'customer') return 'You approved the proof';
    if (event.to_stage === 'changes_requested') return 'You asked for changes';
    if (event.to_stage === 'proof_sent') return `${who} sent a proof`;
    return `${STAGE_LABELS[event.to_stage]} (${who})`;
  }
  if (event.kind === 'refund')
    return / refunded in full(:|$)/.test(event.comment ?? '')
      ? `${who} refunded the payment in full`
      : `${who} refunded part of the payment`;
  if (event.kind === 'cancel') return 'The order was cancelled';
  if (event.kind === 'reminder') return 'We reminded you about the artwork';
  // The invoice of an order on account is the shop's, whoever confirmed the order.
  if (event.kind === 'payment_request' && /^Invoice \S+ issued/.test(event.comment ?? ''))
    return 'We issued an invoice';
  if (event.kind === 'payment_request') return `${who} asked for a payment`;
  if (event.kind === 'payment') return `${who} paid`;
  if (event.kind === 'order_change') return `${who} changed the order`;
  if (event.kind === 'artwork') return `${who === 'You' ? 'You sent' : `${who} received`} artwork`;
  return 'Update';
}

/**
 * The thank-you after an answer, shown only while the order still stands where that answer left
 * it: a reload of the address after the shop moved on (a new proof, printing) shows no stale banner.
 */
export function thankYou(
  view: CustomerOrderView,
  notice: 'approved' | 'changes' | 'artwork' | 'paid' | 'account' | null,
): string | null {
  if (notice === 'paid') return 'Thank you for your payment.';
  if (notice === 'account' && view.money.invoice)
    return `Thank you: the order is placed on your account. We e-mailed you invoice ${view.money.invoice.number}.`;
  if (notice === 'approved' && view.stage === 'approved')
    return 'Thank you: the proof is approved. We will start printing.';
  if (notice === 'changes' && view.stage === 'changes_requested')
    return 'Thank you: we have your changes and will send a new proof.';
  if (notice === 'artwork' && view.canSendArtwork) return 'Thank you: we have your artwork.';
  return null;
}
