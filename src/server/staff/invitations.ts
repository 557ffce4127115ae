import { type Kysely, sql } from 'kysely';
import { shopDateTimeWords } from '../../lib/site/shop-time.ts';
import type { StaffInvite } from '../../lib/admin-schemas/staff.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { pgError } from '../db/pg-error.ts';
import type { Database } from '../db/types.ts';
import { Conflict, NotFound } from '../errors.ts';
import { LINK_LIFETIME_DAYS, shopOrigin, signLink, verifyLink } from '../links/signed-links.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { getStaff } from './accounts.ts';
import { linkDigest, useOneUseLink } from './one-use-links.ts';
import { ROLES } from './roles.ts';
import type { SignedInStaff } from './sessions.ts';

const LIFETIME_MS = LINK_LIFETIME_DAYS['staff-invite'] * 86_400_000;

/** The page an invitation's link opens (src/pages/staff/invitation/[token].astro). */
export const invitationUrl = (token: string, origin = shopOrigin()) => `${origin}/staff/invitation/${token}`;

/**
 * Sends a person a fresh invitation: a signed link (the invitation's id, purpose staff-invite,
 * 72 hours) of which only a hash is kept, through the outbox and its owner-editable template. A
 * new invitation makes the person's earlier ones unusable.
 */
async function sendInvitation(trx: Kysely<Database>, staffId: string, by: SignedInStaff, now = new Date()) {
  const person = await trx
    .selectFrom('staff_accounts')
    .select(['email', 'name', 'role'])
    .where('id', '=', staffId)
    .executeTakeFirstOrThrow();
  await trx.deleteFrom('staff_invitations').where('staff_id', '=', staffId).where('used_at', 'is', null).execute();
  const expiresAt = new Date(now.getTime() + LIFETIME_MS);
  const row = await trx
    .insertInto('staff_invitations')
    .values({ staff_id: staffId, token_hash: 'pending', expires_at: expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = signLink('staff-invite', row.id, { now });
  await trx
    .updateTable('staff_invitations')
    .set({ token_hash: linkDigest(token) })
    .where('id', '=', row.id)
    .execute();
  await enqueueMail(trx, {
    template: 'staff-invitation',
    to: person.email ?? '',
    values: {
      staffName: person.name,
      invitedBy: by.name,
      roleName: ROLES[person.role].name,
      inviteUrl: invitationUrl(token),
      expiresAt: shopDateTimeWords(expiresAt),
      adminUrl: `${shopOrigin()}/admin`,
    },
  });
}

/** The owner invites a person by e-mail with a role: an account waiting for its password, and the e-mail. */
export async function inviteStaff(db: Kysely<Database>, input: StaffInvite, by: SignedInStaff) {
  const id = await db
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto('staff_accounts')
        .values({ email: input.email, name: input.name, role: input.role, status: 'invited' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sendInvitation(trx, row.id, by);
      return row.id;
    })
    .catch((error: unknown) => {
      if (pgError(error)?.code !== '23505') throw error;
      throw new Conflict('already_staff', `${input.email} is already on the staff.`, {
        fields: { email: 'Already on the staff.' },
      });
    });
  return getStaff(db, id);
}

/** Sends an invited person a new link (the old one stops working); 409 once they have a password. */
export async function reinvite(db: Kysely<Database>, staffId: string, by: SignedInStaff) {
  await db.transaction().execute(async (trx) => {
    const person = await trx
      .selectFrom('staff_accounts')
      .select('status')
      .where('id', '=', staffId)
      .forUpdate()
      .executeTakeFirst();
    if (!person) throw new NotFound('not_found', `There is no staff member with id ${staffId}.`);
    if (person.status !== 'invited') {
      throw new Conflict('not_invited', 'This person has already set a password: there is nothing to invite them to.');
    }
    await sendInvitation(trx, staffId, by);
  });
}

/**
 * The person an invitation link is for, while it is genuine, unexpired, unused and theirs is not
 * suspended; null otherwise (the page answers the same 404 for every such link).
 */
export async function openInvitation(db: Kysely<Database>, token: string) {
  const id = verifyLink('staff-invite', token);
  if (!id) return null;
  const row = await db
    .selectFrom('staff_invitations as i')
    .innerJoin('staff_accounts as a', 'a.id', 'i.staff_id')
    .select(['a.name', 'a.email', 'a.role'])
    .where('i.id', '=', id)
    .where('i.token_hash', '=', linkDigest(token))
    .where('i.used_at', 'is', null)
    .where('i.expires_at', '>', sql<Date>`now()`)
    .where('a.status', 'not in', ['suspended', 'removed'])
    .executeTakeFirst();
  return row ? { name: row.name, email: row.email, roleName: ROLES[row.role].name } : null;
}

/**
 * Sets the person's password from their invitation and uses it up, at once: of two posts of one
 * link only one sets a password. False when the link does not open (any reason: the page's 404).
 */
export async function acceptInvitation(db: Kysely<Database>, token: string, password: string): Promise<boolean> {
  if (!(await openInvitation(db, token))) return false;
  const hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const staffId = await useOneUseLink(trx, 'staff_invitations', 'staff-invite', token);
    if (!staffId) return false;
    const person = await trx
      .updateTable('staff_accounts')
      .set({ password_hash: hash, status: 'active', updated_at: sql`now()` })
      .where('id', '=', staffId)
      .where('status', 'not in', ['suspended', 'removed'])
      .returning('id')
      .executeTakeFirst();
    if (!person) throw new Conflict('suspended', 'This person is suspended.');
    return true;
  });
}
