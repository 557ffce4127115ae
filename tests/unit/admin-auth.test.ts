import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { embeddedTokenSecret, resolveAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { issueAdminToken } from '../../src/server/staff/admin-tokens.ts';
import { InvalidTokenError, signJwt, verifyJwt } from '../../src/server/auth/jwt.ts';
import { hashPassword, parsePasswordHash, verifyPassword } from '../../src/server/auth/password-hash.ts';
import { parseConfig } from '../../src/server/config.ts';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

describe('admin password hashes', () => {
  it('writes scrypt$N$r$p$salt$hash and verifies only the right password', async () => {
    const encoded = await hashPassword('correct horse', { N: 2 ** 14 });
    expect(encoded).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    expect(await verifyPassword('correct horse', encoded)).toBe(true);
    expect(await verifyPassword('correct horsf', encoded)).toBe(false);
    expect(await verifyPassword('', encoded)).toBe(false);
  });

  it('salts every hash differently', async () => {
    expect(await hashPassword('same', { N: 2 ** 14 })).not.toBe(await hashPassword('same', { N: 2 ** 14 }));
  });

  it('refuses malformed or extravagant stored hashes with a readable error', () => {
    const salt = randomBytes(16).toString('base64');
    const hash = randomBytes(32).toString('base64');
    expect(() => parsePasswordHash('plain-text-password')).toThrow(/scrypt\$N\$r\$p/);
    expect(() => parsePasswordHash(`bcrypt$16384$8$1$${salt}$${hash}`)).toThrow();
    expect(() => parsePasswordHash(`scrypt$1000$8$1$${salt}$${hash}`)).toThrow(/power of two/);
    expect(() => parsePasswordHash(`scrypt$${2 ** 24}$8$1$${salt}$${hash}`)).toThrow(/power of two/);
    expect(() => parsePasswordHash(`scrypt$16384$8$1$c2hvcnQ=$${hash}`)).toThrow(/salt/);
    expect(parsePasswordHash(`scrypt$16384$8$1$${salt}$${hash}`).N).toBe(16384);
  });
});

describe('admin tokens (HS256)', () => {
  const secret = randomBytes(32);

  it('issues a 12-hour admin token with sub, jti, iat and exp', async () => {
    const issued = issueAdminToken(secret);
    const claims = await verifyJwt(issued.token, secret);
    expect(claims.sub).toBe('admin');
    expect(claims.jti).toBe(issued.jti);
    expect(claims.exp - claims.iat).toBe(12 * 60 * 60);
    const header = JSON.parse(Buffer.from(issued.token.split('.')[0]!, 'base64url').toString());
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
  });

  it('refuses a token signed with another secret, or with a changed payload', async () => {
    const { token } = issueAdminToken(randomBytes(32));
    await expect(verifyJwt(token, secret)).rejects.toThrow(InvalidTokenError);
    const [head, , sig] = issueAdminToken(secret).token.split('.');
    const forged = `${head}.${b64url({ sub: 'admin', jti: 'x', iat: now(), exp: now() + 10 ** 6 })}.${sig}`;
    await expect(verifyJwt(forged, secret)).rejects.toThrow(/bad signature/);
  });

  it('refuses alg none and any algorithm off the allow-list', async () => {
    const claims = { sub: 'admin', jti: 'j', iat: now(), exp: now() + 60 };
    const none = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
    await expect(verifyJwt(none, secret)).rejects.toThrow(/not allowed/);
    const noneUpper = `${b64url({ alg: 'None' })}.${b64url(claims)}.`;
    await expect(verifyJwt(noneUpper, secret)).rejects.toThrow(/not allowed/);
    const [, body, sig] = signJwt(claims, secret).split('.');
    await expect(verifyJwt(`${b64url({ alg: 'HS512', typ: 'JWT' })}.${body}.${sig}`, secret)).rejects.toThrow(
      /not allowed/,
    );
    await expect(verifyJwt(`${b64url({ alg: 'RS256', typ: 'JWT' })}.${body}.${sig}`, secret)).rejects.toThrow(
      /not allowed/,
    );
  });

  it('refuses an expired token and one issued in the future', async () => {
    const expired = signJwt({ sub: 'admin', jti: 'j', iat: now() - 13 * 3600, exp: now() - 3600 }, secret);
    await expect(verifyJwt(expired, secret)).rejects.toThrow(/expired/);
    const future = signJwt({ sub: 'admin', jti: 'j', iat: now() + 3600, exp: now() + 7200 }, secret);
    await expect(verifyJwt(future, secret)).rejects.toThrow(/future/);
  });

  it('refuses garbage without throwing anything but InvalidTokenError', async () => {
    for (const junk of ['', 'a.b', 'a.b.c', '..', 'x'.repeat(5000), `${b64url([1])}.${b64url({})}.abc`]) {
      await expect(verifyJwt(junk, secret)).rejects.toThrow(InvalidTokenError);
    }
  });
});

describe('embedded admin credentials', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('generates the token secret once, owner-only, and keeps it across restarts', () => {
    dir = mkdtempSync(join(tmpdir(), 'admin-secret-'));
    const first = embeddedTokenSecret(dir);
    expect(first.length).toBe(32);
    expect(statSync(join(dir, 'admin-token-secret')).mode & 0o777).toBe(0o600);
    expect(embeddedTokenSecret(dir).equals(first)).toBe(true);
  });

  it('hashes ADMIN_PASSWORD, or else the password generated on first start', async () => {
    dir = mkdtempSync(join(tmpdir(), 'admin-creds-'));
    const withOverride = await resolveAdminCredentials(parseConfig({ DATA_DIR: dir, ADMIN_PASSWORD: 'let-me-in' }));
    expect(await verifyPassword('let-me-in', withOverride.passwordHash)).toBe(true);

    const generated = await resolveAdminCredentials(parseConfig({ DATA_DIR: dir }));
    const password = readFileSync(join(dir, 'admin-password.txt'), 'utf8').trim();
    expect(await verifyPassword(password, generated.passwordHash)).toBe(true);
    expect(await verifyPassword('let-me-in', generated.passwordHash)).toBe(false);
    // The same DATA_DIR signs with the same key, so a token survives a restart.
    expect(generated.tokenSecret.equals(withOverride.tokenSecret)).toBe(true);
  });

  it('uses ADMIN_PASSWORD_HASH and ADMIN_TOKEN_SECRET when set, writing nothing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'admin-prod-'));
    const hash = await hashPassword('prod-pass', { N: 2 ** 14 });
    const creds = await resolveAdminCredentials(
      parseConfig({ DATA_DIR: dir, ADMIN_PASSWORD_HASH: hash, ADMIN_TOKEN_SECRET: 's'.repeat(40) }),
    );
    expect(await verifyPassword('prod-pass', creds.passwordHash)).toBe(true);
    expect(creds.tokenSecret.toString()).toBe('s'.repeat(40));
    expect(() => statSync(join(dir, 'admin-token-secret'))).toThrow();
    expect(() => statSync(join(dir, 'admin-password.txt'))).toThrow();
  });
});
