import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';

/**
 * Finds server secrets in a build's output: the values of the secret variables of this build's
 * environment, and anything shaped like a live secret whoever's it is (a Stripe secret or
 * webhook key, a connection URL with a password, a Supabase service-role token). The build
 * fails on a finding, so a secret pasted into a PUBLIC_ variable or a page never ships.
 */
export interface SecretFinding {
  file: string;
  what: string;
}

/** Server-only variables whose values must never appear in what browsers can download. */
export const SECRET_VARIABLES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'SUPABASE_SERVICE_ROLE_KEY',
  'DATABASE_URL',
  'SMTP_URL',
  'ADMIN_PASSWORD',
  'ADMIN_PASSWORD_HASH',
  'ADMIN_TOKEN_SECRET',
  'LINK_SIGNING_SECRET',
] as const;

const SHAPES: { what: string; pattern: RegExp }[] = [
  { what: 'a Stripe secret key', pattern: /\b[sr]k_(?:live|test)_[0-9A-Za-z]{16,}/ },
  { what: 'a Stripe webhook secret', pattern: /\bwhsec_[0-9A-Za-z+/=]{16,}/ },
  { what: 'a connection URL with a password', pattern: /\b(?:postgres(?:ql)?|smtps?):\/\/[^\s:/@"'`]+:[^\s@/"'`]+@/ },
];

const JWT = /\beyJ[\w-]{10,}\.(eyJ[\w-]{10,})\.[\w-]{10,}/g;

/** Text a browser or crawler can fetch; images and fonts cannot hold a pasted key legibly. */
const TEXT_FILES = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.xml',
  '.txt',
  '.map',
  '.svg',
  '.webmanifest',
  '',
]);

function serviceRoleToken(text: string): boolean {
  for (const [, payload = ''] of text.matchAll(JWT)) {
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { role?: unknown };
      if (claims.role === 'service_role') return true;
    } catch {
      // Not a token after all.
    }
  }
  return false;
}

export function secretsIn(text: string, env: Record<string, string | undefined>): string[] {
  const found: string[] = [];
  for (const name of SECRET_VARIABLES) {
    const value = env[name]?.trim();
    if (value && value.length >= 8 && text.includes(value)) found.push(`the value of ${name}`);
  }
  for (const shape of SHAPES) if (shape.pattern.test(text)) found.push(shape.what);
  if (serviceRoleToken(text)) found.push('a Supabase service-role token');
  return found;
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile() && TEXT_FILES.has(extname(entry.name).toLowerCase())) yield path;
  }
}

export async function findSecrets(dir: string, env: Record<string, string | undefined>): Promise<SecretFinding[]> {
  const findings: SecretFinding[] = [];
  for await (const path of filesUnder(dir)) {
    const text = await readFile(path, 'utf8');
    for (const what of secretsIn(text, env)) findings.push({ file: relative(dir, path), what });
  }
  return findings;
}
