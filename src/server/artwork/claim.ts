import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { ownerHash } from './owner.ts';

/** Why a set of artwork ids cannot go with an order; checkout answers it as a 400 naming the id. */
export interface ArtworkClaimProblem {
  artworkId: string;
  reason: 'not_found' | 'not_ready' | 'taken';
}

/**
 * Attaches the buyer's checked uploads to an order, inside checkout's transaction. Every id must
 * be an upload of this owner token that passed its check and no other order holds; otherwise
 * nothing is attached and the problems are returned (an id of someone else's upload reads as
 * not_found, so a guess learns nothing). The row lock keeps two racing checkouts from both
 * claiming one file.
 */
export async function claimArtworkForOrder(
  trx: Kysely<Database>,
  input: { ownerToken: string | null; artworkIds: readonly string[]; orderId: string },
): Promise<ArtworkClaimProblem[]> {
  const ids = [...new Set(input.artworkIds)];
  if (ids.length === 0) return [];
  if (!input.ownerToken) return ids.map((artworkId) => ({ artworkId, reason: 'not_found' }));
  const rows = await trx
    .selectFrom('artwork')
    .select(['id', 'status', 'order_id'])
    .where('id', 'in', ids)
    .where('owner_hash', '=', ownerHash(input.ownerToken))
    .forUpdate()
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const problems: ArtworkClaimProblem[] = [];
  for (const artworkId of ids) {
    const row = byId.get(artworkId);
    if (!row) problems.push({ artworkId, reason: 'not_found' });
    else if (row.status !== 'ready') problems.push({ artworkId, reason: 'not_ready' });
    else if (row.order_id !== null && row.order_id !== input.orderId) problems.push({ artworkId, reason: 'taken' });
  }
  if (problems.length > 0) return problems;
  await trx
    .updateTable('artwork')
    .set({ order_id: input.orderId, attached_at: new Date() })
    .where('id', 'in', ids)
    .execute();
  return [];
}

/** A released (cancelled or expired) order gives its artwork back to the buyer for a later checkout. */
export async function releaseArtworkOfOrder(trx: Kysely<Database>, orderId: string): Promise<void> {
  await trx.updateTable('artwork').set({ order_id: null, attached_at: null }).where('order_id', '=', orderId).execute();
}
