import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';
import { Unauthorized } from '../errors.ts';
import { clientKey, enforceThrottle, type ThrottleRule } from '../throttle/throttle.ts';
import { ADMIN_TOKEN_TTL_SECONDS, type IssuedToken, issueStaffToken } from './admin-tokens.ts';
import { CHALLENGE_SECONDS, keepChallenge, relyingParty, takeChallenge } from './passkeys.ts';
import { deviceWords, openSession } from './sessions.ts';

/** Passkey sign-ins one connection may start in 15 minutes: each keeps a challenge row. */
export const PASSKEY_OPTIONS_THROTTLE: ThrottleRule = { limit: 30, windowSeconds: 15 * 60 };

/**
 * "Sign in with a passkey": a fresh challenge, naming no one (the browser offers the passkeys it
 * holds for this shop), kept for one use within five minutes.
 */
export async function passkeySignInOptions(db: Kysely<Database>, ip: string | undefined) {
  await enforceThrottle(
    db,
    clientKey(ip, 'staff-passkey-options'),
    PASSKEY_OPTIONS_THROTTLE,
    'Too many sign-ins started. Wait a few minutes and try again.',
  );
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().rpID,
    userVerification: 'preferred',
    timeout: CHALLENGE_SECONDS * 1000,
  });
  await keepChallenge(db, options.challenge, 'sign-in', null);
  return options;
}

const refused = () =>
  new Unauthorized('passkey_refused', 'That passkey did not sign you in. Try again or use your password.');

/**
 * Checks a passkey's signature over one of our open challenges (used up whatever the outcome),
 * for a passkey we know of an active person, with a counter that moved on; then opens a session
 * like a password sign-in and answers its token. Every refusal is the same 401.
 */
export async function passkeySignIn(
  db: Kysely<Database>,
  tokenSecret: Buffer,
  input: { response: AuthenticationResponseJSON; userAgent?: string | null },
): Promise<IssuedToken> {
  const { response } = input;
  const challenge = await takeChallenge(db, response.response.clientDataJSON, 'sign-in', null);
  if (!challenge) throw refused();
  const passkey = await db
    .selectFrom('staff_passkeys as p')
    .innerJoin('staff_accounts as a', 'a.id', 'p.staff_id')
    .select(['p.id', 'p.staff_id', 'p.credential_id', 'p.public_key', 'p.counter', 'p.transports', 'a.status'])
    .where('p.credential_id', '=', response.id)
    .executeTakeFirst();
  if (passkey?.status !== 'active') throw refused();
  const { origin, rpID } = relyingParty();
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: passkey.credential_id,
      publicKey: new Uint8Array(passkey.public_key),
      counter: Number(passkey.counter),
      transports: passkey.transports,
    },
    requireUserVerification: false,
  }).catch((error: unknown) => {
    console.warn(`[passkeys] sign-in refused: ${error instanceof Error ? error.message : error}`);
    return null;
  });
  if (!verified?.verified) throw refused();
  // The counter moves only forward, also when two sign-ins with one passkey race.
  const moved = await db
    .updateTable('staff_passkeys')
    .set({ counter: verified.authenticationInfo.newCounter, last_used_at: sql`now()` })
    .where('id', '=', passkey.id)
    .where((eb) => eb.or([eb('counter', '<', verified.authenticationInfo.newCounter), eb('counter', '=', 0)]))
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw refused();
  const nowSeconds = Math.floor(Date.now() / 1000);
  const expiresAt = new Date((nowSeconds + ADMIN_TOKEN_TTL_SECONDS) * 1000);
  const sessionId = await openSession(db, passkey.staff_id, deviceWords(input.userAgent), expiresAt);
  return issueStaffToken(tokenSecret, { staffId: passkey.staff_id, sessionId }, nowSeconds);
}
