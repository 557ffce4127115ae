import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import productsWrite from '../../netlify/functions/admin-products-write.mts';
import { setRebuildHandler, setRebuildReporter } from '../../src/server/admin/rebuild.ts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { issueAdminToken } from '../../src/server/staff/admin-tokens.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { callFunction } from './call-function.ts';

export type ErrorBody = { error: { code: string; fields?: Record<string, string> } };

/**
 * For a test file that saves products as the owner: installs admin credentials and a rebuild that
 * does nothing (its late publish_status reports silenced, so they never land in a later test's
 * "nothing changed" snapshot), and answers PUT /api/products/{id} with the owner's token.
 */
export function adminProductSaves() {
  const secret = randomBytes(32);
  const authorization = `Bearer ${issueAdminToken(secret).token}`;
  beforeAll(async () => {
    installAdminCredentials({
      passwordHash: parsePasswordHash(await hashPassword('unused', { N: 2 ** 14 })),
      tokenSecret: secret,
    });
    setRebuildHandler(async () => {}, { delayMs: 0 });
    setRebuildReporter(async () => undefined);
  });
  afterAll(() => {
    installAdminCredentials(undefined);
    setRebuildHandler(null);
    setRebuildReporter(null);
  });
  const put = (id: string, body: unknown) =>
    callFunction(productsWrite, `/api/products/${id}`, {
      method: 'PUT',
      params: { id },
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return { authorization, put };
}
