import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The admin password of the embedded default: ADMIN_PASSWORD when set, otherwise one
 * generated on first start and kept in the data folder (readable by its owner only), so a
 * fresh `npm start` has a working admin login without any setup.
 */
export function embeddedAdminPassword(dataDir: string, override: string | undefined): string {
  if (override) return override;
  const file = join(dataDir, 'admin-password.txt');
  if (existsSync(file)) {
    const saved = readFileSync(file, 'utf8').trim();
    if (saved) return saved;
  }
  mkdirSync(dataDir, { recursive: true });
  const password = randomBytes(12).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return password;
}
