import { randomBytes } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import templates from '../../netlify/functions/admin-templates.mts';
import type { AdminTemplate } from '../../src/lib/admin-schemas/templates.ts';
import { plainParagraphs } from '../../src/lib/mail-templates/plain-paragraphs.ts';
import { textBlocks } from '../../src/lib/mail-templates/text-blocks.ts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { issueAdminToken } from '../../src/server/staff/admin-tokens.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

type Fn = (req: Request, context: Context) => Promise<Response>;

const SECRET = randomBytes(32);
const authorization = `Bearer ${issueAdminToken(SECRET).token}`;

function call(fn: Fn, method: string, path: string, body?: unknown, params: Record<string, string> = {}) {
  return callFunction(fn, path, {
    method,
    params,
    headers: { authorization, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

beforeAll(async () => {
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword('unused', { N: 2 ** 14 })),
    tokenSecret: SECRET,
  });
});
afterAll(() => installAdminCredentials(undefined));

describe.each(DATABASE_KINDS)('rewording an e-mail without its HTML on %s', (kind) => {
  let database: TestDatabase;
  let confirmation: AdminTemplate;
  const put = (body: unknown) =>
    call(templates, 'PUT', `/api/templates/${confirmation.id}`, body, { id: confirmation.id });
  const stored = async () =>
    (await (
      await call(templates, 'GET', `/api/templates/${confirmation.id}`, undefined, { id: confirmation.id })
    ).json()) as AdminTemplate;
  const wordsWithGreeting = (html: string, greeting: string) =>
    textBlocks(html).map((block) => (block.words.startsWith('Hi [customer name]') ? greeting : block.words));

  beforeEach(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    const list = (await (await call(templates, 'GET', '/api/templates')).json()) as AdminTemplate[];
    confirmation = list.find((t) => t.name === 'order-confirmation')!;
  });
  afterEach(() => database.dispose());

  it('puts the new words into the stored layout, escaped, and keeps every value', async () => {
    const response = await put({
      words: wordsWithGreeting(confirmation.html, 'Howdy [customer name] <b>&</b>, order [order number] is paid.'),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const saved = await stored();
    expect(saved.html).toContain(
      '<p>Howdy {{customerName}} &lt;b&gt;&amp;&lt;/b&gt;, order <strong>{{orderNumber}}</strong> is paid.</p>',
    );
    expect(saved.html).not.toContain('<b>');
    expect(saved.html).toContain('<table style="width:100%;border-collapse:collapse;font-size:14px">');
    for (const name of ['itemsHtml', 'total', 'orderUrl', 'shopFooterHtml'])
      expect(saved.html).toContain(`{{${name}}}`);
    expect(saved.bindings).toEqual(confirmation.bindings);
  });

  it('refuses words that drop a value the block holds, and stores nothing', async () => {
    const response = await put({ words: wordsWithGreeting(confirmation.html, 'Howdy [customer name], thanks!') });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string; fields?: Record<string, string> } };
    expect(body.error.message).toBe('Keep [order number] in these words: the e-mail fills it in there.');
    expect(Object.keys(body.error.fields ?? {})).toEqual([expect.stringMatching(/^words\.\d+$/)]);
    expect((await stored()).html).toBe(confirmation.html);
  });

  it('refuses words for blocks the template no longer has, and words with the HTML source in one save', async () => {
    const conflict = await put({ words: ['Only one block'] });
    expect(conflict.status).toBe(409);
    const both = await put({ words: textBlocks(confirmation.html).map((b) => b.words), html: '<p>x</p>' });
    expect(both.status).toBe(400);
    expect((await stored()).html).toBe(confirmation.html);
  });

  it('rewords the plain-text copy by its paragraphs, keeping its values, and refuses one that drops a value', async () => {
    const words = plainParagraphs(confirmation.txt).map((p) =>
      p.words.startsWith('Thanks for your order!') ? 'Order [order number] is paid & <lined up>.' : p.words,
    );
    const response = await put({
      words: wordsWithGreeting(confirmation.html, 'Howdy [customer name], order [order number]!'),
      text_words: words,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const saved = await stored();
    expect(saved.txt).toContain(
      'Hi {{customerName}},\n\nOrder {{orderNumber}} is paid & <lined up>.\n\n{{artworkText}}',
    );
    expect(saved.html).toContain('Howdy {{customerName}}, order <strong>{{orderNumber}}</strong>!');

    const refused = await put({ text_words: words.map((w) => w.replace('[order number]', 'your order')) });
    expect(refused.status).toBe(400);
    expect((await stored()).txt).toBe(saved.txt);
  });
});
