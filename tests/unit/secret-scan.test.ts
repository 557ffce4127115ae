import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findSecrets, secretsIn } from '../../src/server/security/secret-scan.ts';

const jwt = (claims: object) =>
  ['{"alg":"HS256","typ":"JWT"}', JSON.stringify(claims), 'signature-part-long-enough']
    .map((part, i) => (i < 2 ? Buffer.from(part).toString('base64url') : part))
    .join('.');

describe('secrets in build output', () => {
  const dir = mkdtempSync(join(tmpdir(), 'secret-scan-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('recognises secrets by shape, whoever they belong to', () => {
    expect(secretsIn(`const k = "sk_live_${'a1B2'.repeat(6)}"`, {})).toEqual(['a Stripe secret key']);
    expect(secretsIn(`rk_test_${'x'.repeat(24)}`, {})).toEqual(['a Stripe secret key']);
    expect(secretsIn(`whsec_${'Q'.repeat(32)}`, {})).toEqual(['a Stripe webhook secret']);
    expect(secretsIn('postgres://shop:hunter2@db.example.com:6543/postgres', {})).toEqual([
      'a connection URL with a password',
    ]);
    expect(secretsIn('smtps://mailer:p%40ss@smtp.example.com', {})).toEqual(['a connection URL with a password']);
    expect(secretsIn(jwt({ role: 'service_role', iss: 'supabase' }), {})).toEqual(['a Supabase service-role token']);
  });

  it('leaves public values alone', () => {
    expect(secretsIn(`pk_live_${'a'.repeat(24)} ${jwt({ role: 'anon' })}`, {})).toEqual([]);
    expect(secretsIn('postgres://localhost:5432/shop and https://user@example.com', {})).toEqual([]);
    expect(secretsIn('The sk_ prefix marks a secret key.', {})).toEqual([]);
  });

  it('finds the exact value of each secret variable of the build’s environment', () => {
    const env = { ADMIN_TOKEN_SECRET: 'correct-horse-battery-staple-0123456789', ADMIN_PASSWORD: 'short' };
    expect(secretsIn('token: correct-horse-battery-staple-0123456789', env)).toEqual([
      'the value of ADMIN_TOKEN_SECRET',
    ]);
    // Values under 8 characters would match ordinary words; they are not looked for.
    expect(secretsIn('a short word', env)).toEqual([]);
  });

  it('names each file that holds one, in any folder, and skips binary files', async () => {
    mkdirSync(join(dir, '_astro'));
    writeFileSync(join(dir, 'index.html'), '<p>Welcome</p>');
    writeFileSync(join(dir, '_astro', 'app.js'), `fetch(x,{headers:{k:"sk_test_${'z'.repeat(30)}"}})`);
    writeFileSync(join(dir, 'photo.webp'), `sk_test_${'z'.repeat(30)}`);
    expect(await findSecrets(dir, {})).toEqual([{ file: join('_astro', 'app.js'), what: 'a Stripe secret key' }]);
  });
});
