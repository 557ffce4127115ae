import { type Kysely, sql } from 'kysely';
import { isOrderStage, type OrderStage } from '../../lib/orders/order-stages.ts';
import { ownerHash } from '../artwork/owner.ts';
import { atomically } from '../db/transaction.ts';
import type { Database } from '../db/types.ts';
import { findLockedOrder, lockOrder } from './lock-order.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import { moveOrderStage } from './move-stage.ts';
import type { StaffActor } from './order-events.ts';

export interface ProofUpload {
  /** A file the owner uploaded and the shop checked (the artwork upload flow). */
  artworkId: string;
  /** The owner token the admin's browser uploaded it with. */
  ownerToken: string;
  note?: string | null;
}

/**
 * The owner sends a proof (docs/decisions/0016-order-workflow.md): the checked file is claimed by
 * the order, recorded as its newest proof, and the order moves to proof sent (which queues the
 * "proof ready" e-mail with the customer's signed link), all in one transaction. A file that is not the uploader's, not
 * checked, or already used is refused and nothing changes.
 */
export async function sendProof(db: Kysely<Database>, orderId: string, proof: ProofUpload, actor: StaffActor) {
  return atomically(db, async (trx) => {
    // The order first, then the file, as every path that gives an order artwork locks them.
    await lockOrder(trx, orderId);
    const file = await trx
      .selectFrom('artwork')
      .select(['id', 'status', 'order_id'])
      .where('id', '=', proof.artworkId)
      .where('owner_hash', '=', ownerHash(proof.ownerToken))
      .forUpdate()
      .executeTakeFirst();
    if (!file) throw new NotFound('not_found', 'There is no such proof upload.');
    if (file.status !== 'ready') throw new Conflict('proof_not_checked', 'The proof file has not been checked yet.');
    if (file.order_id) throw new Conflict('proof_used', 'This file is already on an order. Upload the proof again.');
    await trx
      .updateTable('artwork')
      .set({ order_id: orderId, attached_at: sql<Date>`now()` })
      .where('id', '=', file.id)
      .execute();
    const note = proof.note?.trim() || null;
    const row = await trx
      .insertInto('order_proofs')
      .values({ order_id: orderId, artwork_id: file.id, note, staff_id: actor.staffId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const moved = await moveOrderStage(trx, orderId, {
      to: 'proof_sent',
      actor,
      comment: note,
      proofId: row.id,
    });
    return { proofId: row.id, stage: moved.stage, mailIds: moved.mailIds };
  });
}

export type ProofAnswer =
  | { answer: 'approve'; comment?: string | null }
  | { answer: 'changes'; comment: string; artwork?: { id: string; ownerToken: string } | null };

/** Stages past the customer's approval: approving again changes nothing. */
const APPROVED_OR_LATER: readonly OrderStage[] = [
  'approved',
  'in_production',
  'shipped',
  'ready_for_pickup',
  'completed',
];

/**
 * The customer answers the proof through their signed link: approve (idempotent: a second
 * approval answers the same stage and records nothing) or request changes with a comment.
 */
export async function answerProof(db: Kysely<Database>, orderId: string, answer: ProofAnswer) {
  if (answer.answer === 'changes' && !answer.comment.trim()) {
    throw new Invalid('comment_required', 'Tell us what to change.', {
      fields: { comment: 'Tell us what to change.' },
    });
  }
  return atomically(db, async (trx) => {
    const order = await findLockedOrder(trx, orderId, ['stage']);
    if (!order) throw new NotFound('not_found', 'There is no such order.');
    if (answer.answer === 'approve' && isOrderStage(order.stage) && APPROVED_OR_LATER.includes(order.stage)) {
      return { stage: order.stage, changed: false, mailIds: [] as string[] };
    }
    let comment = answer.comment?.trim() || null;
    if (answer.answer === 'changes' && answer.artwork) {
      const name = await claimNewArtwork(trx, orderId, answer.artwork);
      comment = `${comment ?? ''}\nNew artwork: ${name}`.trim();
    }
    const moved = await moveOrderStage(trx, orderId, {
      to: answer.answer === 'approve' ? 'approved' : 'changes_requested',
      actor: 'customer',
      comment,
    });
    return { stage: moved.stage, changed: true, mailIds: moved.mailIds };
  });
}

/**
 * New artwork the customer sends with a change request: their own checked upload (by the owner
 * token their browser kept), not on any order yet, becomes this order's. Answers its file name.
 */
async function claimNewArtwork(trx: Kysely<Database>, orderId: string, artwork: { id: string; ownerToken: string }) {
  const file = await trx
    .selectFrom('artwork')
    .select(['id', 'status', 'order_id', 'original_name'])
    .where('id', '=', artwork.id)
    .where('owner_hash', '=', ownerHash(artwork.ownerToken))
    .forUpdate()
    .executeTakeFirst();
  const refused = (message: string) => new Invalid('invalid_artwork', message, { fields: { artwork_id: message } });
  if (!file || file.order_id) throw refused('That upload cannot be used. Upload the file again.');
  if (file.status !== 'ready') throw refused('The file has not been checked yet. Upload it again.');
  await trx
    .updateTable('artwork')
    .set({ order_id: orderId, attached_at: sql<Date>`now()` })
    .where('id', '=', file.id)
    .execute();
  return file.original_name;
}
