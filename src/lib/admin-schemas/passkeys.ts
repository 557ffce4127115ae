import { z } from '../zod.ts';

/**
 * What a browser's WebAuthn answers carry (issue 45), as @simplewebauthn/browser hands them over:
 * base64url strings of bounded length. Extra keys a browser adds are dropped, not refused. The
 * bounds leave room for ML-DSA-44 keys, which Chromium makes when offered (a 2,420-byte signature).
 */
const b64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not base64url.');

const credentialBase = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

export const registrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(16_384),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

export const authenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(4096),
    signature: b64url(8192),
    userHandle: b64url(256).optional(),
  }),
});

const passkeyName = z.string().trim().min(1, 'Give the passkey a name.').max(80, 'At most 80 characters.');

/** POST /api/admin/staff/me/passkeys: a new passkey's answer and the name its person gives it. */
export const passkeyAddSchema = z.strictObject({ name: passkeyName, response: registrationResponseSchema });
export type PasskeyAdd = z.infer<typeof passkeyAddSchema>;

/** PUT /api/admin/staff/me/passkeys/:id: a new name. */
export const passkeyRenameSchema = z.strictObject({ name: passkeyName });

/** POST /api/staff/passkey/sign-in: the passkey's signature over the challenge. */
export const passkeySignInSchema = z.strictObject({ response: authenticationResponseSchema });

/** A passkey as its person sees it in My devices. */
export interface PasskeyRow {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}
