import type { Kysely } from 'kysely';
import { EMAIL_PATTERN } from '../../lib/identifiers.ts';
import type { SystemTemplateName } from '../../lib/site/system-templates.ts';
import type { Database } from '../db/types.ts';
import { type Bindings, renderTemplate } from './render.ts';
import { readShopDetails } from '../settings/shop-settings.ts';
import { shopBindings } from './shop-bindings.ts';
import { myOrdersUrl } from '../links/my-orders-link.ts';

/** Names of the templates the shop sends (rows of email_templates, editable by the admin). */
export type TemplateName = SystemTemplateName;

export interface MailRequest {
  template: TemplateName;
  to: string;
  replyTo?: string | null;
  values: Bindings;
}

/** True for an address mail can be sent to: the form rule, and not a reserved `.invalid` one. */
export function isDeliverable(address: string): boolean {
  return EMAIL_PATTERN.test(address) && !/\.invalid$/i.test(address);
}

/**
 * Renders a template and queues the result, on `db` — pass the caller's transaction, so the
 * mail exists exactly when the message, subscriber or order it is about does. Sending happens
 * later (sender.ts). Every template also gets the shop's own values (shopBindings). A template the admin deleted, or an address no mail can reach, is logged
 * and skipped rather than thrown: it must never undo what the caller is storing.
 * Answers the outbox row id, or null when nothing was queued.
 */
export async function enqueueMail(db: Kysely<Database>, mail: MailRequest): Promise<string | null> {
  if (!isDeliverable(mail.to) || (mail.replyTo && !isDeliverable(mail.replyTo))) {
    console.warn(`[mail] ${mail.template}: not queued, the address cannot receive mail`);
    return null;
  }
  const template = await db
    .selectFrom('email_templates')
    .select(['name', 'subject', 'txt', 'html', 'bindings'])
    .where('name', '=', mail.template)
    .executeTakeFirst();
  if (!template) {
    console.error(`[mail] template "${mail.template}" does not exist: the e-mail to ${mail.to} was not queued`);
    return null;
  }
  // The shop's name, logo, address and phone (and header/footer) are there for every template,
  // as Shop settings holds them now: a save there shows in the very next e-mail (issue 44).
  // A customer e-mail's link to My orders (issue 48), signed for its recipient, where the template uses it.
  const myOrders = template.bindings.includes('myOrdersUrl') ? { myOrdersUrl: await myOrdersUrl(db, mail.to) } : {};
  const rendered = renderTemplate(template, {
    ...shopBindings(await readShopDetails(db)),
    ...myOrders,
    ...mail.values,
  });
  if (rendered.missing.length > 0) {
    console.warn(`[mail] ${mail.template}: no value for ${rendered.missing.join(', ')} (left empty)`);
  }
  const row = await db
    .insertInto('email_outbox')
    .values({
      to_address: mail.to,
      reply_to: mail.replyTo ?? null,
      template_name: mail.template,
      subject: rendered.subject || mail.template,
      text_body: rendered.text,
      html_body: rendered.html,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
