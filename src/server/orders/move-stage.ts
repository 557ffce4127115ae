import { type Kysely, sql } from 'kysely';
import {
  isPaid,
  moveProblem,
  type OrderStage,
  openMoves,
  type StageContext,
  stageOf,
} from '../../lib/orders/order-stages.ts';
import { QUOTED_ITEM_TYPES } from '../../lib/quotes/quote-pricing.ts';
import { storedLocations } from '../../lib/orders/order-locations.ts';
import { atomically } from '../db/transaction.ts';
import type { Database } from '../db/types.ts';
import { lockOrder } from './lock-order.ts';
import { Conflict, Forbidden, Invalid } from '../errors.ts';
import { roleMayMoveTo, roleStageProblem } from '../../lib/orders/role-stages.ts';
import { ROLES, type RoleKey } from '../staff/roles.ts';
import { orderPageUrl } from '../links/signed-links.ts';
import { queueOrderMail } from '../mail/order-mail.ts';
import { askBalanceWhenDue, owedBeforePrinting } from './payments/balance-terms.ts';
import type { TemplateName } from '../mail/outbox.ts';
import { type StaffActor, stageEvent, whoWords } from './order-events.ts';

/** How a shipped order travels; required to move it to shipped. */
export interface Shipment {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string;
}

export interface StageMove {
  to: OrderStage;
  /** A staff account (named on the timeline), or the customer answering a proof. */
  actor: StaffActor | 'customer';
  comment?: string | null;
  shipment?: Shipment | null;
  /** The role of the person moving it from a stage route: its own stages only (role-stages.ts). */
  role?: RoleKey;
  /** Set by sendProof (proofs.ts): the proof this move sends. Nothing else may move to proof_sent. */
  proofId?: string | null;
}

/** The e-mail each stage sends its customer (none for completed: the job is in their hands). */
const STAGE_MAIL: Partial<Record<OrderStage, TemplateName>> = {
  proof_sent: 'proof-ready',
  changes_requested: 'proof-changes-received',
  approved: 'proof-approved',
  in_production: 'order-in-production',
  shipped: 'order-shipped',
  ready_for_pickup: 'order-ready-for-pickup',
};

export interface MovedOrder {
  id: string;
  from: OrderStage;
  stage: OrderStage;
  eventId: string;
  /** The e-mail the move queued (deliver it with deliverSoon after the commit). */
  mailIds: string[];
}

/** Whether the order prints anything, and whether a location still waits for its artwork. */
export async function stageContext(
  db: Kysely<Database>,
  orderId: string,
  fulfillment: StageContext['fulfillment'],
): Promise<StageContext> {
  const items = await db
    .selectFrom('order_items')
    .select(['item_type', 'variant_metadata'])
    .where('order_id', '=', orderId)
    .where('item_type', 'in', ['product', ...QUOTED_ITEM_TYPES])
    .execute();
  const locations = items.flatMap((i) => (i.item_type === 'product' ? storedLocations(i.variant_metadata) : []));
  return {
    fulfillment,
    owedBeforePrintingCents: await owedBeforePrinting(db, orderId),
    // A quote's lines are a custom print job (docs/decisions/0017-quotes.md): proofed like any printed order.
    printed: locations.length > 0 || items.some((i) => i.item_type !== 'product'),
    artworkMissing: locations.some((l) => l.artwork_id === null),
  };
}

/** 403 in words when a person of `role` may not move orders to `to` (lib/orders/role-stages.ts). */
export function refuseOthersStage(role: RoleKey, to: OrderStage): void {
  const problem = roleStageProblem(role, ROLES[role].name, to);
  if (problem) throw new Forbidden('stage_not_yours', problem);
}

/**
 * Moves a paid order to its next production stage (docs/decisions/0016-order-workflow.md) and records the move in its
 * timeline, in one transaction: the order row is locked, the move is checked by the one state
 * machine (src/lib/orders/order-stages.ts), and a move that is not open answers 409 with the reason.
 */
export async function moveOrderStage(db: Kysely<Database>, orderId: string, move: StageMove): Promise<MovedOrder> {
  if (move.role) refuseOthersStage(move.role, move.to);
  return atomically(db, async (trx) => {
    const order = await lockOrder(trx, orderId, ['status', 'stage', 'fulfillment']);
    if (!isPaid(order)) {
      throw new Conflict('not_paid', `Only a paid order moves through production; this one is ${order.status}.`);
    }
    const context = await stageContext(trx, order.id, order.fulfillment);
    const from = stageOf(order);
    const problem = moveProblem(from, move.to, move.actor === 'customer' ? 'customer' : 'owner', context);
    if (problem) throw new Conflict('invalid_stage', problem);
    if (move.to === 'proof_sent' && !move.proofId) {
      throw new Conflict('proof_required', 'Upload the proof: sending it moves the order to proof sent.');
    }
    if (move.to === 'shipped' && !move.shipment) {
      throw new Invalid('shipment_required', 'Give the carrier and the tracking number to mark the order shipped.', {
        fields: { carrier: 'Required to ship', tracking_number: 'Required to ship' },
      });
    }
    const comment = move.comment?.trim() || null;
    await trx
      .updateTable('orders')
      .set({
        stage: move.to,
        ...(move.to === 'shipped' && move.shipment
          ? {
              carrier: move.shipment.carrier,
              tracking_number: move.shipment.trackingNumber,
              tracking_url: move.shipment.trackingUrl,
              shipped_at: sql<Date>`now()`,
            }
          : {}),
      })
      .where('id', '=', order.id)
      .execute();
    const eventId = await stageEvent(trx, order.id, { actor: move.actor, from, to: move.to, comment });
    const template = STAGE_MAIL[move.to];
    const mailId = template
      ? await queueOrderMail(trx, order.id, template, {
          comment: comment ?? '',
          note: comment ?? '',
          carrier: move.shipment?.carrier,
          trackingNumber: move.shipment?.trackingNumber,
          trackingUrl: move.shipment?.trackingUrl,
        })
      : null;
    // A deposit order whose terms make the balance due now asks for it (docs/decisions/0029-deposits.md).
    const balanceMailId = await askBalanceWhenDue(
      trx,
      order.id,
      move.to,
      move.actor === 'customer' ? 'system' : move.actor,
    );
    const mailIds = [mailId, balanceMailId].filter((id): id is string => id !== null);
    return { id: order.id, from, stage: move.to, eventId, mailIds };
  });
}

/** The order's timeline, oldest first; `by` names who did each entry (a removed person too). */
export async function orderTimeline(db: Kysely<Database>, orderId: string) {
  const rows = await db
    .selectFrom('order_events as e')
    .leftJoin('staff_accounts as s', 's.id', 'e.staff_id')
    .select([
      'e.id',
      'e.created_at',
      'e.actor',
      'e.kind',
      'e.from_stage',
      'e.to_stage',
      'e.comment',
      's.name as staff_name',
    ])
    .where('e.order_id', '=', orderId)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
  return rows.map(({ staff_name, ...r }) => ({
    ...r,
    created_at: r.created_at.toISOString(),
    by: whoWords(r.actor, staff_name),
  }));
}

/** The proofs sent for an order, newest first, with their files' names. */
export async function orderProofs(db: Kysely<Database>, orderId: string) {
  const rows = await db
    .selectFrom('order_proofs as p')
    .innerJoin('artwork as a', 'a.id', 'p.artwork_id')
    .select(['p.id', 'p.artwork_id', 'p.note', 'p.created_at', 'a.original_name'])
    .where('p.order_id', '=', orderId)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    artwork_id: r.artwork_id,
    file_name: r.original_name,
    note: r.note,
    created_at: r.created_at.toISOString(),
  }));
}

/**
 * Where a paid order is, what the owner can do now (the moves by button; sending a proof, which
 * takes an upload), its proofs, the customer's signed page and the timeline (null: not paid).
 */
export async function orderProduction(
  db: Kysely<Database>,
  order: { id: string; status: string; stage: string | null; fulfillment: StageContext['fulfillment'] },
  role?: RoleKey,
) {
  if (!isPaid(order)) return null;
  const context = await stageContext(db, order.id, order.fulfillment);
  const stage = stageOf(order);
  // The moves the person's role may make (a proof is sent by whoever may send proofs).
  const moves = openMoves(stage, 'owner', context).filter(
    (to) => to === 'proof_sent' || !role || roleMayMoveTo(role, to),
  );
  const parcel = await db
    .selectFrom('orders')
    .select(['carrier', 'tracking_number', 'tracking_url'])
    .where('id', '=', order.id)
    .executeTakeFirst();
  return {
    stage,
    next_stages: moves.filter((to) => to !== 'proof_sent'),
    can_send_proof: moves.includes('proof_sent'),
    // Production would be open but for the terms: say so, since its button is missing.
    held:
      context.owedBeforePrintingCents &&
      moveProblem(stage, 'in_production', 'owner', { ...context, owedBeforePrintingCents: 0 }) === null
        ? moveProblem(stage, 'in_production', 'owner', context)
        : null,
    proofs: await orderProofs(db, order.id),
    customer_url: orderPageUrl(order.id),
    shipment:
      parcel?.carrier && parcel.tracking_number
        ? { carrier: parcel.carrier, tracking_number: parcel.tracking_number, tracking_url: parcel.tracking_url }
        : null,
    timeline: await orderTimeline(db, order.id),
  };
}
