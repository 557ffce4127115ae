import { randomBytes } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import preview from '../../netlify/functions/admin-template-preview.mts';
import versions from '../../netlify/functions/admin-template-versions.mts';
import templates from '../../netlify/functions/admin-templates.mts';
import type { AdminTemplate, TemplatePreview, TemplateVersion } from '../../src/lib/admin-schemas/templates.ts';
import { isSystemTemplate } from '../../src/lib/site/system-templates.ts';
import { sanitizeTemplateHtml } from '../../src/server/catalog/sanitize.ts';
import { KEPT_TEMPLATE_VERSIONS } from '../../src/server/admin/template-versions.ts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { issueAdminToken } from '../../src/server/staff/admin-tokens.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

type Fn = (req: Request, context: Context) => Promise<Response>;

const SECRET = randomBytes(32);
const authorization = `Bearer ${issueAdminToken(SECRET).token}`;

function call(fn: Fn, method: string, path: string, body?: unknown, params: Record<string, string> = {}, auth = true) {
  return callFunction(fn, path, {
    method,
    params,
    headers: { ...(auth ? { authorization } : {}), 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function ok<T>(res: Promise<Response>, status = 200): Promise<T> {
  const response = await res;
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

beforeAll(async () => {
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword('unused', { N: 2 ** 14 })),
    tokenSecret: SECRET,
  });
});
afterAll(() => installAdminCredentials(undefined));

describe.each(DATABASE_KINDS)('e-mail template versions and previews on %s', (kind) => {
  let database: TestDatabase;
  let confirmation: AdminTemplate;
  const save = (id: string, body: Record<string, unknown>) =>
    ok<AdminTemplate>(call(templates, 'PUT', `/api/templates/${id}`, body, { id }));
  const versionsOf = (id: string) =>
    ok<TemplateVersion[]>(call(versions, 'GET', `/api/templates/${id}/versions`, undefined, { id }));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    const list = await ok<AdminTemplate[]>(call(templates, 'GET', '/api/templates'));
    confirmation = list.find((t) => t.name === 'order-confirmation')!;
  });
  afterAll(() => database.dispose());

  it('keeps what each save replaced, newest first, and restoring one is a save that can be undone', async () => {
    expect(await versionsOf(confirmation.id)).toEqual([]);
    const broken = await save(confirmation.id, { html: '<p>Subtotal {{subtotal}}</p>' });
    expect(broken.html).not.toContain('<table');

    const [previous] = await versionsOf(confirmation.id);
    expect(previous).toMatchObject({
      subject: confirmation.subject,
      txt: confirmation.txt,
      html: confirmation.html,
      bindings: confirmation.bindings,
      saved_at: confirmation.updated_at,
      replaced_by: 'admin',
    });

    const { subject, txt, html, bindings } = previous!;
    const restored = await save(confirmation.id, { subject, txt, html, bindings });
    // The seed was never sanitised; a save writes <br> as <br />, and nothing else differs.
    expect(restored.html).toBe(sanitizeTemplateHtml(confirmation.html));
    expect(restored.html).toBe(confirmation.html.replace('<br>', '<br />'));
    expect(restored.html).toContain('<table style="width:100%;border-collapse:collapse;font-size:14px">');
    const after = await versionsOf(confirmation.id);
    expect(after.map((v) => v.html)).toEqual(['<p>Subtotal {{subtotal}}</p>', confirmation.html]);
  });

  it('keeps no version for a save that changes nothing, nor for a name-only rename', async () => {
    const before = (await versionsOf(confirmation.id)).length;
    await save(confirmation.id, { html: confirmation.html, subject: confirmation.subject });
    expect(await versionsOf(confirmation.id)).toHaveLength(before);
    // The shop's own e-mails keep their names (system-templates.test.ts): rename one of the owner's.
    const own = await ok<AdminTemplate>(
      call(templates, 'POST', '/api/templates', { name: `opening-hours-${kind}`, subject: 'Our hours' }),
      201,
    );
    await save(own.id, { name: `opening-hours-${kind}-renamed` });
    await save(own.id, { name: `opening-hours-${kind}` });
    expect(await versionsOf(own.id)).toEqual([]);
    await ok(call(templates, 'DELETE', `/api/templates/${own.id}`, undefined, { id: own.id }));
  });

  it(`keeps the newest ${KEPT_TEMPLATE_VERSIONS} versions of a template and drops older ones`, async () => {
    const created = await ok<AdminTemplate>(
      call(templates, 'POST', '/api/templates', { name: `bounded-${kind}`, subject: 'Version 0' }),
      201,
    );
    for (let n = 1; n <= KEPT_TEMPLATE_VERSIONS + 3; n++) await save(created.id, { subject: `Version ${n}` });
    const kept = await versionsOf(created.id);
    expect(kept).toHaveLength(KEPT_TEMPLATE_VERSIONS);
    expect(kept[0]!.subject).toBe(`Version ${KEPT_TEMPLATE_VERSIONS + 2}`);
    expect(kept.at(-1)!.subject).toBe('Version 3');
    // The others' versions are theirs alone: the confirmation's stay.
    expect((await versionsOf(confirmation.id)).length).toBeGreaterThan(0);

    await ok(call(templates, 'DELETE', `/api/templates/${created.id}`, undefined, { id: created.id }));
    const left = await database.db
      .selectFrom('email_template_versions')
      .select('id')
      .where('template_id', '=', created.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('renders an unsaved draft as the outbox would, with a sample order in its table cells', async () => {
    const draft = {
      name: 'order-confirmation',
      subject: confirmation.subject,
      txt: confirmation.txt,
      html: confirmation.html.replace('<p>Fulfillment', '<p>On press in two days.</p><p>Fulfillment'),
    };
    const mail = await ok<TemplatePreview>(call(preview, 'POST', '/api/template-preview', draft));
    expect(mail.subject).toBe('Thanks for your order! Order 3F2A9C1B is confirmed');
    expect(mail.missing).toEqual([]);
    expect(mail.html).toContain('<tr><td>Subtotal</td><td align="right">$28.00</td></tr>');
    expect(mail.html).toContain('<tr><td>Classic Tee (Black, L)</td><td align="right">2</td>');
    expect(mail.html).toContain('<p>On press in two days.</p>');
    expect(mail.text).toContain('Subtotal: $28.00');
    // A preview stores nothing: the template and the outbox are as they were.
    const stored = await ok<AdminTemplate>(
      call(templates, 'GET', `/api/templates/${confirmation.id}`, undefined, { id: confirmation.id }),
    );
    expect(stored.html).not.toContain('On press in two days.');
    const outbox = await database.db.selectFrom('email_outbox').select('id').execute();
    expect(outbox).toEqual([]);
  });

  it('previews every e-mail the shop sends with a value for each of its placeholders', async () => {
    const list = await ok<AdminTemplate[]>(call(templates, 'GET', '/api/templates'));
    const shops = list.filter((t) => isSystemTemplate(t.name));
    expect(shops.map((t) => t.name)).toContain('payment-request-reminder');
    for (const t of shops) {
      const draft = { name: t.name, subject: t.subject, txt: t.txt, html: t.html };
      const mail = await ok<TemplatePreview>(call(preview, 'POST', '/api/template-preview', draft));
      expect(mail.missing, t.name).toEqual([]);
    }
  });

  it('sanitises the preview like a sent mail, and names placeholders the sample has no value for', async () => {
    const mail = await ok<TemplatePreview>(
      call(preview, 'POST', '/api/template-preview', {
        name: 'custom-note',
        subject: 'Hi {{nickname}}',
        txt: '',
        html: '<p onclick="alert(1)">Hi {{customerName}}</p><script>alert(2)</script>',
      }),
    );
    expect(mail).toMatchObject({ subject: 'Hi', html: '<p>Hi Maria Delgado</p>', missing: ['nickname'] });
  });

  it('answers 401 without the admin token, 400 to a bad draft, 404 for versions of no template', async () => {
    const draft = { name: 'order-confirmation', subject: 'x', txt: '', html: '' };
    expect((await call(preview, 'POST', '/api/template-preview', draft, {}, false)).status).toBe(401);
    const path = `/api/templates/${confirmation.id}/versions`;
    expect((await call(versions, 'GET', path, undefined, { id: confirmation.id }, false)).status).toBe(401);

    for (const bad of [{ ...draft, subject: '' }, { ...draft, extra: 1 }, { ...draft, name: 'Not A Slug' }, {}]) {
      expect((await call(preview, 'POST', '/api/template-preview', bad)).status).toBe(400);
    }
    // A refused save keeps no version and changes nothing.
    const before = await versionsOf(confirmation.id);
    const id = confirmation.id;
    const refused = await call(
      templates,
      'PUT',
      `/api/templates/${id}`,
      { html: '<p>x</p>', bindings: ['a', 'a'] },
      { id },
    );
    expect(refused.status).toBe(400);
    expect(await versionsOf(confirmation.id)).toEqual(before);

    const missing = crypto.randomUUID();
    expect((await call(versions, 'GET', `/api/templates/${missing}/versions`, undefined, { id: missing })).status).toBe(
      404,
    );
  });
});
