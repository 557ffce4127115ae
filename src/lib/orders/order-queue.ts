import { formatUsd } from '../money.ts';
import { shopDateWords } from '../site/shop-time.ts';
import type { OrderStage } from './order-stages.ts';

/** Days before the in-hands date from which an unfinished order needs the owner's attention. */
export const DUE_SOON_DAYS = 3;

/** Stages after which the order is in the customer's hands (or on its way). */
export const HANDED_OVER_STAGES: readonly OrderStage[] = ['shipped', 'ready_for_pickup', 'completed'];

/**
 * Why an order needs the owner now, in words, for the work queue (docs/decisions/0016-order-workflow.md). The database
 * decides which facts hold (src/server/admin/order-queue.ts attentionFacts, the one rule); this
 * only words them, so the reasons shown and the Needs attention filter cannot disagree.
 */
export function attentionReasons(facts: {
  attention_reason: string | null;
  waiting_stage: string | null;
  due_in_days: number | null;
  overpaid_cents: number | null;
  in_hands_date: string | null;
  /** The day promised at checkout (the turnaround's "Ready by"); absent or null: none. */
  ready_by?: string | null;
}): string[] {
  const reasons: string[] = [];
  if (facts.attention_reason) reasons.push(facts.attention_reason);
  if (facts.overpaid_cents) {
    reasons.push(
      `Overpaid ${formatUsd(facts.overpaid_cents)}: the payments came to more than the order costs. Refund the excess.`,
    );
  }
  if (facts.waiting_stage === 'changes_requested') reasons.push('The customer asked for changes to the proof.');
  if (facts.waiting_stage === 'awaiting_artwork') reasons.push('Artwork has not arrived.');
  const days = facts.due_in_days;
  // The due day is the earlier of the customer's in-hands date and the day the shop promised.
  const promised = facts.ready_by && (!facts.in_hands_date || facts.ready_by < facts.in_hands_date);
  if (days !== null && days < 0 && promised) {
    reasons.push(`Overdue: we promised it ready by ${shopDateWords(facts.ready_by!)}.`);
  } else if (days !== null && days < 0) {
    reasons.push(`Overdue: the customer needed it on ${shopDateWords(facts.in_hands_date ?? '')}.`);
  } else if (days !== null) reasons.push(`Due ${days === 0 ? 'today' : `in ${days} day${days === 1 ? '' : 's'}`}.`);
  return reasons;
}
