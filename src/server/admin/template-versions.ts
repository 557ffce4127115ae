import type { Kysely } from 'kysely';
import type { TemplateVersion } from '../../lib/admin-schemas/templates.ts';
import type { Database } from '../db/types.ts';

/** How many earlier versions of one template are kept; older ones are dropped on the next save. */
export const KEPT_TEMPLATE_VERSIONS = 20;

/** The parts of a template a save can change and a version keeps. */
export interface TemplateContent {
  subject: string;
  txt: string;
  html: string;
  bindings: string[];
}

const sameContent = (a: TemplateContent, b: TemplateContent) =>
  a.subject === b.subject && a.txt === b.txt && a.html === b.html && a.bindings.join('\n') === b.bindings.join('\n');

/**
 * Keeps what template `id` says now as a version, before a save on `trx` (the save's
 * transaction) replaces it with `next`. The row is locked until the save commits, so two saves
 * at once keep both earlier versions. A save that changes none of the content keeps nothing.
 * Answers false when there is no such template.
 */
export async function keepVersionBeforeSave(
  trx: Kysely<Database>,
  id: string,
  next: { [K in keyof TemplateContent]?: TemplateContent[K] | undefined },
  by: string,
): Promise<boolean> {
  const current = await trx
    .selectFrom('email_templates')
    .select(['subject', 'txt', 'html', 'bindings', 'updated_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!current) return false;
  const after = {
    subject: next.subject ?? current.subject,
    txt: next.txt ?? current.txt,
    html: next.html ?? current.html,
    bindings: next.bindings ?? current.bindings,
  };
  if (sameContent(current, after)) return true;
  await trx
    .insertInto('email_template_versions')
    .values({
      template_id: id,
      subject: current.subject,
      txt: current.txt,
      html: current.html,
      bindings: current.bindings,
      saved_at: current.updated_at,
      replaced_by: by,
    })
    .execute();
  const kept = trx
    .selectFrom('email_template_versions')
    .select('id')
    .where('template_id', '=', id)
    .orderBy('replaced_at', 'desc')
    .orderBy('id', 'desc')
    .limit(KEPT_TEMPLATE_VERSIONS);
  await trx.deleteFrom('email_template_versions').where('template_id', '=', id).where('id', 'not in', kept).execute();
  return true;
}

/** A template's earlier versions, newest first. */
export async function listTemplateVersions(db: Kysely<Database>, id: string): Promise<TemplateVersion[]> {
  const rows = await db
    .selectFrom('email_template_versions')
    .select(['id', 'subject', 'txt', 'html', 'bindings', 'saved_at', 'replaced_at', 'replaced_by'])
    .where('template_id', '=', id)
    .orderBy('replaced_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    ...row,
    saved_at: row.saved_at.toISOString(),
    replaced_at: row.replaced_at.toISOString(),
  }));
}
