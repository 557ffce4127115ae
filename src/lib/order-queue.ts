import { isPaid, type OrderStage } from './order-stages.ts';

/** Days before the in-hands date from which an unfinished order needs the owner's attention. */
export const DUE_SOON_DAYS = 3;

/** Stages after which the order is in the customer's hands (or on its way). */
export const HANDED_OVER_STAGES: readonly OrderStage[] = ['shipped', 'ready_for_pickup', 'completed'];

/** Why an order needs the owner now, in words, for the work queue (issue #16). */
export function attentionReasons(
  order: {
    status: string;
    stage: string | null;
    attention_reason: string | null;
    in_hands_date: string | null;
  },
  today: string,
): string[] {
  const reasons: string[] = [];
  if (order.attention_reason) reasons.push(order.attention_reason);
  if (!isPaid(order)) return reasons;
  if (order.stage === 'changes_requested') reasons.push('The customer asked for changes to the proof.');
  if (order.stage === 'awaiting_artwork') reasons.push('Artwork has not arrived.');
  if (order.in_hands_date && !HANDED_OVER_STAGES.includes(order.stage as OrderStage)) {
    const days = Math.round((Date.parse(order.in_hands_date) - Date.parse(today)) / 86_400_000);
    if (days < 0) reasons.push(`Overdue: the customer needed it on ${order.in_hands_date}.`);
    else if (days <= DUE_SOON_DAYS)
      reasons.push(`Due ${days === 0 ? 'today' : `in ${days} day${days === 1 ? '' : 's'}`}.`);
  }
  return reasons;
}
