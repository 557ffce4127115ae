/**
 * The production stages of a paid order (docs/decisions/0016-order-workflow.md), in one place:
 * which moves exist, who may make each, and what a move needs. orders.status stays the payment's state (pending, paid,
 * cancelled); orders.stage is where the job is in the shop. The server and the admin both read
 * this module; the server checks every move here before it writes.
 *
 *   paid ─▶ awaiting_artwork ─▶ proof_sent ⇄ changes_requested
 *     │                            │
 *     ├────────────────────────────┴─▶ approved ─▶ in_production ─▶ shipped | ready_for_pickup ─▶ completed
 *     └─▶ in_production (nothing printed: no proof to approve)
 */
import { formatUsd } from '../money.ts';

export const ORDER_STAGES = [
  'paid',
  'awaiting_artwork',
  'proof_sent',
  'changes_requested',
  'approved',
  'in_production',
  'shipped',
  'ready_for_pickup',
  'completed',
] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

export type StageActor = 'owner' | 'customer';

/** What a move depends on besides the stages: how the order is handed over and whether it prints. */
export interface StageContext {
  fulfillment: 'shipping' | 'local';
  /** The order has print locations: it goes through a proof before production. */
  printed: boolean;
  /** Some print location still waits for the customer's artwork. */
  artworkMissing: boolean;
  /**
   * What an order to be paid in full before printing still owes, in cents (docs/decisions/0029-deposits.md: payment
   * terms gate production); 0 or absent for any other order.
   */
  owedBeforePrintingCents?: number;
}

export const STAGE_LABELS: Record<OrderStage, string> = {
  paid: 'Paid',
  awaiting_artwork: 'Awaiting artwork',
  proof_sent: 'Proof sent',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  in_production: 'In production',
  shipped: 'Shipped',
  ready_for_pickup: 'Ready for pickup',
  completed: 'Completed',
};

interface Move {
  to: OrderStage;
  by: readonly StageActor[];
  /** Why the move is not open for this order, or null when it is. */
  blocked?: (context: StageContext) => string | null;
}

const needsArtwork = (c: StageContext) =>
  c.artworkMissing ? 'Some artwork has not arrived yet: the order waits for it.' : null;
/** Production waits for the terms: an order to be paid in full before printing owes nothing. */
const termsMet = (c: StageContext) =>
  c.owedBeforePrintingCents
    ? `This order is paid in full before printing: ${formatUsd(c.owedBeforePrintingCents)} is still owed. ` +
      'Production starts once the balance is paid.'
    : null;
const printedOnly = (c: StageContext) =>
  c.printed ? null : 'Nothing on this order is printed, so there is no proof to send.';

const MOVES: Record<OrderStage, readonly Move[]> = {
  paid: [
    { to: 'awaiting_artwork', by: ['owner'], blocked: (c) => (c.artworkMissing ? null : 'All artwork is here.') },
    { to: 'proof_sent', by: ['owner'], blocked: (c) => printedOnly(c) ?? needsArtwork(c) },
    {
      to: 'in_production',
      by: ['owner'],
      blocked: (c) => (c.printed ? 'A printed order goes to production after its proof is approved.' : termsMet(c)),
    },
  ],
  // The customer sends the missing artwork by e-mail: the proof the owner makes from it ends the
  // wait. A file placed on the last waiting location (placeArtwork) puts the order back to paid.
  awaiting_artwork: [{ to: 'proof_sent', by: ['owner'] }],
  proof_sent: [
    { to: 'changes_requested', by: ['customer'] },
    { to: 'approved', by: ['customer', 'owner'] },
  ],
  changes_requested: [{ to: 'proof_sent', by: ['owner'] }],
  approved: [{ to: 'in_production', by: ['owner'], blocked: termsMet }],
  in_production: [
    {
      to: 'shipped',
      by: ['owner'],
      blocked: (c) => (c.fulfillment === 'shipping' ? null : 'This order is picked up, not shipped.'),
    },
    {
      to: 'ready_for_pickup',
      by: ['owner'],
      blocked: (c) => (c.fulfillment === 'local' ? null : 'This order is shipped, not picked up.'),
    },
  ],
  shipped: [{ to: 'completed', by: ['owner'] }],
  ready_for_pickup: [{ to: 'completed', by: ['owner'] }],
  completed: [],
};

export const isOrderStage = (value: unknown): value is OrderStage =>
  typeof value === 'string' && (ORDER_STAGES as readonly string[]).includes(value);

/** Whether the order's payment was taken (and not cancelled): the one test of "paid" (status is payment only). */
export const isPaid = (order: { status: string }) => order.status === 'paid';

/**
 * A paid order's stage as stored: the database keeps one on every paid order (a check and a
 * trigger), so nothing re-derives it; 'paid' only narrows the column's type.
 */
export const stageOf = (order: { stage: string | null }): OrderStage =>
  isOrderStage(order.stage) ? order.stage : 'paid';

/** Where a just-paid order starts: waiting for artwork promised for later, or simply paid. */
export const stageOnPayment = (context: Pick<StageContext, 'artworkMissing'>): OrderStage =>
  context.artworkMissing ? 'awaiting_artwork' : 'paid';

/** Why `actor` cannot move an order from `from` to `to`, in words; null when the move is allowed. */
export function moveProblem(from: OrderStage, to: OrderStage, actor: StageActor, context: StageContext): string | null {
  const move = MOVES[from].find((m) => m.to === to);
  if (!move)
    return `An order that is ${STAGE_LABELS[from].toLowerCase()} cannot become ${STAGE_LABELS[to].toLowerCase()}.`;
  if (!move.by.includes(actor)) {
    return actor === 'customer'
      ? `Only the shop can mark an order ${STAGE_LABELS[to].toLowerCase()}.`
      : `Only the customer can mark an order ${STAGE_LABELS[to].toLowerCase()}.`;
  }
  return move.blocked?.(context) ?? null;
}

/** The moves `actor` can make now, for the buttons a screen shows. */
export function openMoves(from: OrderStage, actor: StageActor, context: StageContext): OrderStage[] {
  return MOVES[from].filter((m) => moveProblem(from, m.to, actor, context) === null).map((m) => m.to);
}
