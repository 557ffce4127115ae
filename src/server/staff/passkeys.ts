import {
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { type Kysely, sql } from 'kysely';
import type { PasskeyAdd } from '../../lib/admin-schemas/passkeys.ts';
import { pgError } from '../db/pg-error.ts';
import type { Database } from '../db/types.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import { shopOrigin } from '../links/signed-links.ts';
import { readShopDetails } from '../settings/shop-settings.ts';
import type { SignedInStaff } from './sessions.ts';

/** A ceremony's challenge opens this long: time to touch a key or look at a phone, no more. */
export const CHALLENGE_SECONDS = 5 * 60;
/** Passkeys one person may keep: a phone, a laptop, a spare key, with room to spare. */
export const MAX_PASSKEYS = 10;

/** The relying party passkeys are bound to: the shop's public origin (site-origin.ts) and its host. */
export function relyingParty(origin = shopOrigin()) {
  return { origin, rpID: new URL(origin).hostname };
}

type Purpose = 'register' | 'sign-in';

/** Keeps a challenge the server made, for one use within CHALLENGE_SECONDS; forgets expired ones. */
export async function keepChallenge(db: Kysely<Database>, challenge: string, purpose: Purpose, staffId: string | null) {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<', sql<Date>`now()`).execute();
  await db
    .insertInto('webauthn_challenges')
    .values({
      challenge,
      purpose,
      staff_id: staffId,
      expires_at: sql<Date>`now() + make_interval(secs => ${CHALLENGE_SECONDS})`,
    })
    .execute();
}

/**
 * Uses up the challenge an answer signed (read from its clientDataJSON): deleted whether or not
 * the rest checks out, so it never works twice. Null when it is not one of ours, is for another
 * purpose or person, was used already or has expired.
 */
export async function takeChallenge(
  db: Kysely<Database>,
  clientDataJSON: string,
  purpose: Purpose,
  staffId: string | null,
): Promise<string | null> {
  let challenge: unknown;
  try {
    challenge = (JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown }).challenge;
  } catch {
    return null;
  }
  if (typeof challenge !== 'string' || challenge.length > 512) return null;
  let query = db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .returning(sql<boolean>`expires_at > now()`.as('open'));
  query = staffId ? query.where('staff_id', '=', staffId) : query.where('staff_id', 'is', null);
  const row = await query.executeTakeFirst();
  return row?.open ? challenge : null;
}

/** The options a signed-in person's browser needs to make a passkey for this shop. */
export async function passkeyRegistrationOptions(db: Kysely<Database>, staff: SignedInStaff) {
  const existing = await db
    .selectFrom('staff_passkeys')
    .select(['credential_id', 'transports'])
    .where('staff_id', '=', staff.id)
    .execute();
  if (existing.length >= MAX_PASSKEYS) {
    throw new Conflict('too_many_passkeys', `You have ${MAX_PASSKEYS} passkeys: remove one before adding another.`);
  }
  const shop = await readShopDetails(db);
  const options = await generateRegistrationOptions({
    rpName: `${shop.name} back office`,
    rpID: relyingParty().rpID,
    userName: staff.email ?? 'owner',
    userDisplayName: staff.name,
    userID: new TextEncoder().encode(staff.id),
    timeout: CHALLENGE_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keepChallenge(db, options.challenge, 'register', staff.id);
  return options;
}

const refused = () =>
  new Invalid('passkey_refused', 'The passkey could not be added. Start again from My devices.', {
    fields: { response: 'Not a valid answer to this shop’s request.' },
  });

/** Checks a new passkey's answer against the person's own challenge and keeps it under its name. */
export async function addPasskey(db: Kysely<Database>, staff: SignedInStaff, input: PasskeyAdd) {
  const response = input.response as RegistrationResponseJSON;
  const challenge = await takeChallenge(db, response.response.clientDataJSON, 'register', staff.id);
  if (!challenge) throw refused();
  const { origin, rpID } = relyingParty();
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch((error: unknown) => {
    console.warn(`[passkeys] registration refused: ${error instanceof Error ? error.message : error}`);
    return null;
  });
  if (!verified?.verified) throw refused();
  const { credential } = verified.registrationInfo;
  const row = await db
    .insertInto('staff_passkeys')
    .values({
      staff_id: staff.id,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: (credential.transports ?? []).slice(0, 10),
      name: input.name,
    })
    .returning(['id', 'name', 'created_at', 'last_used_at'])
    .executeTakeFirstOrThrow()
    .catch((error: unknown) => {
      if (pgError(error)?.code === '23505') throw new Conflict('passkey_exists', 'That passkey is already added.');
      throw error;
    });
  return row;
}

/** A person's passkeys, newest first. */
export function listPasskeys(db: Kysely<Database>, staffId: string) {
  return db
    .selectFrom('staff_passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('staff_id', '=', staffId)
    .orderBy('created_at', 'desc')
    .execute();
}

const noSuchPasskey = (id: string) => new NotFound('not_found', `You have no passkey with id ${id}.`);

export async function renamePasskey(db: Kysely<Database>, staffId: string, id: string, name: string) {
  const row = await db
    .updateTable('staff_passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('staff_id', '=', staffId)
    .returning(['id', 'name', 'created_at', 'last_used_at'])
    .executeTakeFirst();
  if (!row) throw noSuchPasskey(id);
  return row;
}

/** Removes one of a person's own passkeys: it no longer signs anyone in. */
export async function removePasskey(db: Kysely<Database>, staffId: string, id: string) {
  const gone = await db
    .deleteFrom('staff_passkeys')
    .where('id', '=', id)
    .where('staff_id', '=', staffId)
    .executeTakeFirst();
  if (Number(gone.numDeletedRows) === 0) throw noSuchPasskey(id);
}
