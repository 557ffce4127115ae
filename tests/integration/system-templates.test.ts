import { randomBytes } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import templates from '../../netlify/functions/admin-templates.mts';
import type { AdminTemplate } from '../../src/lib/admin-schemas/index.ts';
import { SYSTEM_TEMPLATE_NAMES } from '../../src/lib/site/system-templates.ts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { issueAdminToken } from '../../src/server/staff/admin-tokens.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/** Issue 28: the e-mails the shop sends cannot be deleted or renamed; the owner's own templates can. */

type Fn = (req: Request, context: Context) => Promise<Response>;
const SECRET = randomBytes(32);
const authorization = `Bearer ${issueAdminToken(SECRET).token}`;

function call(method: string, path: string, body?: unknown, params: Record<string, string> = {}) {
  return callFunction(templates as Fn, path, {
    method,
    params,
    headers: { authorization, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function answer<T>(res: Promise<Response>, status: number): Promise<T> {
  const response = await res;
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

beforeAll(async () => {
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword('unused', { N: 2 ** 14 })),
    tokenSecret: SECRET,
  });
});
afterAll(() => installAdminCredentials(undefined));

describe.each(DATABASE_KINDS)('system e-mail templates on %s', (kind) => {
  let database: TestDatabase;
  const byName = async (name: string) =>
    (await answer<AdminTemplate[]>(call('GET', '/api/templates'), 200)).find((t) => t.name === name);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('every e-mail the shop sends has its template in the seeded shop', async () => {
    const seeded = (await answer<AdminTemplate[]>(call('GET', '/api/templates'), 200)).map((t) => t.name);
    expect(SYSTEM_TEMPLATE_NAMES.filter((name) => !seeded.includes(name))).toEqual([]);
  });

  it('refuses to delete the order confirmation with 409 and a message an owner understands; it stays', async () => {
    const confirmation = (await byName('order-confirmation'))!;
    const refused = await answer<ErrorBody>(
      call('DELETE', `/api/templates/${confirmation.id}`, undefined, { id: confirmation.id }),
      409,
    );
    expect(refused.error).toEqual({
      code: 'system_template',
      message:
        'The shop sends "Order confirmation" itself, so it cannot be deleted. You can change what it says instead.',
    });
    expect(await byName('order-confirmation')).toEqual(confirmation);
  });

  it('refuses to rename one (the shop finds it by name) on the name field, and keeps no version of it', async () => {
    const proof = (await byName('proof-ready'))!;
    const refused = await answer<ErrorBody>(
      call('PUT', `/api/templates/${proof.id}`, { name: 'proof-is-ready', subject: 'Changed' }, { id: proof.id }),
      409,
    );
    expect(refused.error.fields).toEqual({
      name: 'The shop sends "Proof ready for approval" by this name, so the name cannot change.',
    });
    expect(await byName('proof-ready')).toEqual(proof);
    const versions = await database.db
      .selectFrom('email_template_versions')
      .select('id')
      .where('template_id', '=', proof.id)
      .execute();
    expect(versions).toEqual([]);

    // Its wording can still change, with its own name sent back unchanged.
    const saved = await answer<AdminTemplate>(
      call(
        'PUT',
        `/api/templates/${proof.id}`,
        { name: 'proof-ready', subject: 'Your proof is ready' },
        { id: proof.id },
      ),
      200,
    );
    expect(saved.subject).toBe('Your proof is ready');
  });

  it('deletes a template the owner made', async () => {
    const own = await answer<AdminTemplate>(
      call('POST', '/api/templates', { name: 'holiday-hours', subject: 'Our holiday hours' }),
      201,
    );
    await answer(call('DELETE', `/api/templates/${own.id}`, undefined, { id: own.id }), 200);
    expect(await byName('holiday-hours')).toBeUndefined();
    await answer(call('DELETE', `/api/templates/${own.id}`, undefined, { id: own.id }), 404);
  });
});
