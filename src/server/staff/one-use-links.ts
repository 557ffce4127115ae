import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';
import { type LinkPurpose, verifyLink } from '../links/signed-links.ts';

/**
 * A staff member's one-use e-mailed links (issue 45): an invitation and a password reset. The row
 * keeps only a SHA-256 of the signed token; a link opens while it is unused and unexpired.
 */

/** What a one-use link's row keeps of its token. */
export const linkDigest = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Uses the link up, on the caller's transaction: the person it names, or null when it does not
 * open (not signed for this purpose, another token, used, expired). Of two posts of one link only
 * one gets the person.
 */
export async function useOneUseLink(
  trx: Kysely<Database>,
  table: 'staff_invitations' | 'staff_password_resets',
  purpose: Extract<LinkPurpose, 'staff-invite' | 'staff-reset'>,
  token: string,
): Promise<string | null> {
  const used = await trx
    .updateTable(table)
    .set({ used_at: sql`now()` })
    .where('id', '=', verifyLink(purpose, token) ?? '')
    .where('token_hash', '=', linkDigest(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('staff_id')
    .executeTakeFirst();
  return used?.staff_id ?? null;
}
