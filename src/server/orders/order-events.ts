import type { Kysely } from 'kysely';
import type { OrderStage } from '../../lib/orders/order-stages.ts';
import type { Database, OrderEventKind, OrderEventsTable } from '../db/types.ts';

/**
 * The order's timeline (order_events), written here only (docs/decisions/0026-house-renovation.md,
 * state kept once): one function per kind of entry, each called in the transaction of what it records. The wording of
 * an entry belongs to its caller (payment-timeline.ts, change-timeline.ts words theirs).
 */
type Db = Kysely<Database>;

/** A person of the back office: the staff account signed in (AdminCall.staff.id). */
export interface StaffActor {
  staffId: string;
}
/** Who did it: a staff account, the customer or the shop itself (the sweep, a webhook). */
export type Actor = StaffActor | 'customer' | 'system';

/** The row's actor and staff_id: a staff account is the back office ('owner') and is named. */
export const actorColumns = (actor: Actor): { actor: OrderEventsTable['actor']; staff_id: string | null } =>
  typeof actor === 'string' ? { actor, staff_id: null } : { actor: 'owner', staff_id: actor.staffId };

/** A staff account's id, or null for the customer and the system (for the rows that keep who did them). */
export const staffIdOf = (actor: Actor): string | null => actorColumns(actor).staff_id;

/**
 * A person's name as a sentence reads it after "by": the Owner account of the shop password keeps
 * its name "The owner" until renamed, and reads "by the owner" (what was done before staff).
 */
export const nameInSentence = (name: string): string => name.replace(/^The /, 'the ');

/** Who did a timeline entry, in words: the staff account's name, the customer or the shop. */
export function whoWords(actor: OrderEventsTable['actor'], staffName: string | null): string {
  if (staffName) return nameInSentence(staffName);
  return actor === 'customer' ? 'the customer' : actor === 'system' ? 'the shop' : 'the owner';
}

const add = (trx: Db, orderId: string, actor: Actor, kind: OrderEventKind, comment: string) =>
  trx
    .insertInto('order_events')
    .values({ order_id: orderId, ...actorColumns(actor), kind, comment })
    .execute();

type StageMove = { actor: Actor; from?: OrderStage | null; to: OrderStage; comment: string | null };

/**
 * An order moved from one production stage to another (from absent: put there without a move, as
 * a closing store's batch), or several moved alike. Answers the new row's id (ids, in order).
 */
export async function stageEvent(trx: Db, orderId: string, move: StageMove): Promise<string>;
export async function stageEvent(trx: Db, orderIds: readonly string[], move: StageMove): Promise<string[]>;
export async function stageEvent(
  trx: Db,
  orderIds: string | readonly string[],
  move: StageMove,
): Promise<string | string[]> {
  const ids = typeof orderIds === 'string' ? [orderIds] : orderIds;
  if (ids.length === 0) return [];
  const rows = await trx
    .insertInto('order_events')
    .values(
      ids.map((id) => ({
        order_id: id,
        ...actorColumns(move.actor),
        kind: 'stage' as const,
        from_stage: move.from ?? null,
        to_stage: move.to,
        comment: move.comment,
      })),
    )
    .returning('id')
    .execute();
  const answer = rows.map((r) => r.id);
  return typeof orderIds === 'string' ? (answer[0] as string) : answer;
}

/** Artwork arrived for a print location (from the customer, or placed by the owner). */
export const artworkEvent = (trx: Db, orderId: string, actor: Actor, comment: string) =>
  add(trx, orderId, actor, 'artwork', comment);

/** The sweep reminded the customer (missing artwork, an overdue invoice). */
export const reminderEvent = (trx: Db, orderId: string, comment: string) =>
  add(trx, orderId, 'system', 'reminder', comment);

/** Money given back, or a note about a refund. */
export const refundEvent = (trx: Db, orderId: string, actor: Actor, comment: string) =>
  add(trx, orderId, actor, 'refund', comment);

/** The order was cancelled. */
export const cancelEvent = (trx: Db, orderId: string, actor: Actor, comment: string) =>
  add(trx, orderId, actor, 'cancel', comment);

/** A payment asked for after checkout changed: asked, withdrawn, invoiced, a bank payment's turn. */
export const paymentRequestEvent = (trx: Db, orderId: string, actor: Actor, comment: string) =>
  add(trx, orderId, actor, 'payment_request', comment);

/** A payment asked for after checkout was received. */
export const paymentEvent = (trx: Db, orderId: string, actor: Actor, comment: string) =>
  add(trx, orderId, actor, 'payment', comment);

/** Someone in the back office changed a paid order's lines. */
export const orderChangeEvent = (trx: Db, orderId: string, actor: StaffActor, comment: string) =>
  add(trx, orderId, actor, 'order_change', comment);
