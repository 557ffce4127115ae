import type { Kysely } from 'kysely';
import {
  type AdminTemplate,
  type TemplateCreate,
  type TemplateUpdate,
  templateCreateSchema,
  templateUpdateSchema,
} from '../../lib/admin-schemas/templates.ts';
import { isSystemTemplate, SYSTEM_TEMPLATE_NAMES, templateTitle } from '../../lib/site/system-templates.ts';
import { atomically } from '../db/transaction.ts';
import type { Database } from '../db/types.ts';
import { Conflict, Invalid } from '../errors.ts';
import { plainParagraphs, replaceParagraphWords } from '../../lib/mail-templates/plain-paragraphs.ts';
import { replaceBlockWords, textBlocks } from '../../lib/mail-templates/text-blocks.ts';
import { translateDbError } from './db-errors.ts';
import type { CrudResource } from './route.ts';
import { sanitizeTemplateHtml } from '../catalog/sanitize.ts';
import { keepVersionBeforeSave } from './template-versions.ts';

const COLUMNS = ['id', 'name', 'subject', 'txt', 'html', 'bindings', 'created_at', 'updated_at'] as const;

const CONSTRAINTS = {
  email_templates_name_key: {
    conflict: true,
    code: 'duplicate_name',
    field: 'name',
    message: 'Another template already has that name.',
  },
} as const;

type Row = Omit<AdminTemplate, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date };
const toApi = (row: Row): AdminTemplate => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export async function listTemplates(db: Kysely<Database>): Promise<AdminTemplate[]> {
  return (await db.selectFrom('email_templates').select(COLUMNS).orderBy('name').execute()).map(toApi);
}

export async function getTemplate(db: Kysely<Database>, id: string): Promise<AdminTemplate | null> {
  const row = await db.selectFrom('email_templates').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toApi(row) : null;
}

export async function createTemplate(db: Kysely<Database>, input: TemplateCreate): Promise<AdminTemplate> {
  try {
    const row = await db
      .insertInto('email_templates')
      .values({
        name: input.name,
        subject: input.subject,
        txt: input.txt ?? '',
        html: sanitizeTemplateHtml(input.html ?? ''),
        bindings: input.bindings ?? [],
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toApi(row);
  } catch (error) {
    return translateDbError(error, CONSTRAINTS);
  }
}

/**
 * Saves changes to a template; what it said before is kept as a version (template-versions.ts),
 * so the admin can restore it. `by` is who saves.
 */
export async function updateTemplate(
  db: Kysely<Database>,
  id: string,
  input: TemplateUpdate,
  by = 'admin',
): Promise<AdminTemplate | null> {
  const { id: _id, html, words, text_words, ...rest } = input;
  const changes = { ...rest, ...(html !== undefined ? { html: sanitizeTemplateHtml(html) } : {}) };
  const reworded = words !== undefined || text_words !== undefined;
  if (Object.keys(changes).length === 0 && !reworded) return getTemplate(db, id);
  try {
    return await atomically(db, async (trx) => {
      if (reworded) Object.assign(changes, await rewordedContent(trx, id, words, text_words));
      if (!(await keepVersionBeforeSave(trx, id, changes, by))) return null;
      if (changes.name !== undefined) await refuseSystemRename(trx, id, changes.name);
      const row = await trx
        .updateTable('email_templates')
        .set(changes)
        .where('id', '=', id)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return toApi(row);
    });
  } catch (error) {
    return translateDbError(error, CONSTRAINTS);
  }
}

/**
 * The stored template with its text blocks reworded (the layout as stored, the words escaped):
 * 400 naming the block that loses a value it held, 409 when the blocks are not those the owner
 * saw (someone changed the HTML meanwhile). Nothing when there is no such template.
 */
async function rewordedContent(
  trx: Kysely<Database>,
  id: string,
  words: string[] | undefined,
  textWords: string[] | undefined,
) {
  const row = await trx
    .selectFrom('email_templates')
    .select(['html', 'txt', 'bindings'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return {};
  const blocks = words === undefined ? 0 : textBlocks(row.html).length;
  const paragraphs = textWords === undefined ? 0 : plainParagraphs(row.txt).length;
  if ((words ?? []).length !== blocks || (textWords ?? []).length !== paragraphs) {
    throw new Conflict(
      'template_changed',
      'This e-mail was changed since you opened it: open it again to see its words.',
    );
  }
  let { html, txt } = row;
  if (words !== undefined) {
    const changed = replaceBlockWords(row, words);
    if (!changed.ok) throw wordsRefused('words', changed.errors);
    html = changed.html;
    // Words the owner gave the plain text are what it says; otherwise it follows the HTML's.
    if (textWords === undefined) txt = changed.txt;
  }
  if (textWords !== undefined) {
    const changed = replaceParagraphWords(row, textWords);
    if (!changed.ok) throw wordsRefused('text_words', changed.errors);
    txt = changed.txt;
  }
  return { html: sanitizeTemplateHtml(html), txt };
}

function wordsRefused(field: string, errors: Record<number, string>) {
  const fields = Object.fromEntries(Object.entries(errors).map(([index, message]) => [`${field}.${index}`, message]));
  return new Invalid('invalid_words', Object.values(errors)[0]!, { fields });
}

/**
 * The shop looks its own e-mails up by name (system-templates.ts): renaming one would stop that
 * e-mail as surely as deleting it. 409 on the name field; the row is locked by the save.
 */
async function refuseSystemRename(trx: Kysely<Database>, id: string, name: string) {
  const row = await trx.selectFrom('email_templates').select('name').where('id', '=', id).executeTakeFirst();
  if (!row || row.name === name || !isSystemTemplate(row.name)) return;
  const message = `The shop sends "${templateTitle(row.name)}" by this name, so the name cannot change.`;
  throw new Conflict('system_template', message, { fields: { name: message } });
}

/**
 * Deletes an owner's template. One the shop sends is refused with 409 and stays: the delete
 * itself skips those names, so nothing is removed between a check and the delete.
 */
export async function deleteTemplate(db: Kysely<Database>, id: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('email_templates')
    .where('id', '=', id)
    .where('name', 'not in', SYSTEM_TEMPLATE_NAMES)
    .executeTakeFirst();
  if (deleted.numDeletedRows > 0n) return true;
  const kept = await db.selectFrom('email_templates').select('name').where('id', '=', id).executeTakeFirst();
  if (!kept) return false;
  throw new Conflict(
    'system_template',
    `The shop sends "${templateTitle(kept.name)}" itself, so it cannot be deleted. You can change what it says instead.`,
  );
}

export const templatesResource: CrudResource<AdminTemplate, TemplateCreate, TemplateUpdate> = {
  label: 'template',
  createSchema: templateCreateSchema,
  updateSchema: templateUpdateSchema,
  list: (db) => listTemplates(db),
  get: getTemplate,
  create: createTemplate,
  update: updateTemplate,
  remove: deleteTemplate,
};
