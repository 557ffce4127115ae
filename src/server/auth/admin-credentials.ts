import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { config, type ServerConfig } from '../config.ts';
import { embeddedAdminPassword } from './embedded-admin-password.ts';
import { hashPassword, parsePasswordHash, type ScryptHash } from './password-hash.ts';

/**
 * What admin sign-in needs: the password hash to check against and the key tokens are signed
 * with. Production: ADMIN_PASSWORD_HASH and ADMIN_TOKEN_SECRET. Embedded default: a hash of
 * ADMIN_PASSWORD or of the password generated on first start (embedded-admin-password.ts), and
 * a signing key generated once and kept beside it in DATA_DIR (owner-only), so tokens outlive
 * a restart of `npm start`.
 */
export interface AdminCredentials {
  passwordHash: ScryptHash;
  tokenSecret: Buffer;
}

type CredentialConfig = Pick<ServerConfig, 'ADMIN_PASSWORD' | 'ADMIN_PASSWORD_HASH' | 'ADMIN_TOKEN_SECRET' | 'dataDir'>;

/** The embedded token key: 32 random bytes in `<dataDir>/admin-token-secret` (mode 600). */
export const embeddedTokenSecret = (dataDir: string): Buffer => embeddedSecret(dataDir, 'admin-token-secret');

/** A key generated once and kept in `<dataDir>/<name>` (32 random bytes, base64url, mode 600). */
export function embeddedSecret(dataDir: string, name: string): Buffer {
  const file = join(dataDir, name);
  if (existsSync(file)) {
    const saved = readFileSync(file, 'utf8').trim();
    if (saved.length >= 43) return Buffer.from(saved, 'base64url');
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32);
  writeFileSync(file, `${secret.toString('base64url')}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export async function resolveAdminCredentials(cfg: CredentialConfig): Promise<AdminCredentials> {
  const passwordHash = cfg.ADMIN_PASSWORD_HASH
    ? parsePasswordHash(cfg.ADMIN_PASSWORD_HASH)
    : parsePasswordHash(await hashPassword(embeddedAdminPassword(cfg.dataDir, cfg.ADMIN_PASSWORD)));
  const tokenSecret = cfg.ADMIN_TOKEN_SECRET
    ? Buffer.from(cfg.ADMIN_TOKEN_SECRET, 'utf8')
    : embeddedTokenSecret(cfg.dataDir);
  return { passwordHash, tokenSecret };
}

const store = globalThis as unknown as { __printShopAdminCredentials?: Promise<AdminCredentials> | undefined };

/** This process's credentials, resolved once from the server config. */
export function adminCredentials(): Promise<AdminCredentials> {
  store.__printShopAdminCredentials ??= resolveAdminCredentials(config()).catch((error: unknown) => {
    store.__printShopAdminCredentials = undefined;
    throw error;
  });
  return store.__printShopAdminCredentials;
}

/** Tests (and tools) install their own credentials instead of reading the environment. */
export function installAdminCredentials(credentials: AdminCredentials | undefined) {
  store.__printShopAdminCredentials = credentials ? Promise.resolve(credentials) : undefined;
}
