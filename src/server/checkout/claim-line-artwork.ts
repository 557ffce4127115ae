import type { Kysely } from 'kysely';
import { claimArtworkForOrder } from '../artwork/claim.ts';
import type { Database } from '../db/types.ts';
import { Invalid } from '../errors.ts';
import type { CheckoutLine } from './load-lines.ts';
import { lineField } from './requested-lines.ts';

const REASONS = {
  not_found: 'This artwork is not one of your uploads. Upload it again.',
  not_ready: 'This artwork has not been checked yet. Wait for its check, or upload it again.',
  taken: 'This artwork already belongs to another order. Upload it again.',
} as const;

/**
 * Attaches the artwork the lines name to the order, inside checkout's transaction: each must be
 * the buyer's own checked upload (by the browser's owner token). Otherwise the checkout is
 * refused (400 naming the lines' locations) and the transaction takes back the order and holds.
 */
export async function claimLineArtwork(
  trx: Kysely<Database>,
  ownerToken: string | null,
  lines: readonly CheckoutLine[],
  orderId: string,
): Promise<void> {
  const artworkIds = lines.flatMap((l) => l.locations.flatMap((loc) => (loc.artworkId ? [loc.artworkId] : [])));
  const problems = await claimArtworkForOrder(trx, { ownerToken, artworkIds, orderId });
  if (problems.length === 0) return;
  const fields: Record<string, string> = {};
  lines.forEach((line, index) => {
    const problem = problems.find((p) => line.locations.some((l) => l.artworkId === p.artworkId));
    if (problem) fields[lineField(index, 'locations')] = REASONS[problem.reason];
  });
  throw new Invalid('invalid_artwork', 'Some artwork cannot go with this order.', { fields });
}
