import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A passkey authenticator in software (WebAuthn Level 2 §6.1, §6.5, §8.7): an ES256 key made
 * with node's crypto, authenticatorData and clientDataJSON built byte by byte, attestation
 * "none". It answers the JSON @simplewebauthn/browser would hand a server, so the server's checks
 * run against real signatures.
 */

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** The little CBOR (RFC 8949) a COSE key and an attestation object need: maps, ints, text, bytes. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) {
    const parts = [...value].flatMap(([k, v]) => [cbor(k), cbor(v)]);
    return Buffer.concat([head(5, value.size), ...parts]);
  }
  throw new Error(`cbor: cannot encode ${typeof value}`);
}

export interface SoftwarePasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  counter: number;
  userHandle: string;
}

export interface Ceremony {
  origin: string;
  rpId: string;
}

const FLAGS = { UP: 0x01, UV: 0x04, AT: 0x40 };

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** Makes a passkey for `options` (the server's creation options) and answers its RegistrationResponseJSON. */
export function createPasskey(
  options: { challenge: string; user: { id: string } },
  { origin, rpId }: Ceremony,
): { passkey: SoftwarePasskey; response: Record<string, unknown> } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = cbor(
    new Map<number, unknown>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const credentialId = randomBytes(32);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([FLAGS.UP | FLAGS.UV | FLAGS.AT]),
    Buffer.alloc(4), // signCount 0
    Buffer.alloc(16), // aaguid: none
    idLength,
    credentialId,
    coseKey,
  ]);
  const attestationObject = cbor(
    new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]),
  );
  const id = b64url(credentialId);
  return {
    passkey: { credentialId, privateKey, counter: 0, userHandle: options.user.id },
    response: {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    },
  };
}

/** Signs `challenge` with the passkey (its counter moves on by one) as AuthenticationResponseJSON. */
export function signWithPasskey(
  passkey: SoftwarePasskey,
  challenge: string,
  { origin, rpId }: Ceremony,
  opts: { counter?: number } = {},
): Record<string, unknown> {
  passkey.counter = opts.counter ?? passkey.counter + 1;
  const count = Buffer.alloc(4);
  count.writeUInt32BE(passkey.counter);
  const authData = Buffer.concat([sha256(rpId), Buffer.from([FLAGS.UP | FLAGS.UV]), count]);
  const data = clientData('webauthn.get', challenge, origin);
  const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), passkey.privateKey);
  const id = b64url(passkey.credentialId);
  return {
    id,
    rawId: id,
    type: 'public-key',
    response: {
      clientDataJSON: b64url(data),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: passkey.userHandle,
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}
