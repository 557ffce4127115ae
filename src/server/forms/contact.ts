import type { Kysely } from 'kysely';
import type { ContactMessage } from '../../lib/forms/contact-schema.ts';
import { shopDateTimeWords } from '../../lib/site/shop-time.ts';
import type { Database } from '../db/types.ts';
import { enqueueMail } from '../mail/outbox.ts';

export interface ContactResult {
  messageId: string;
  /** Outbox rows queued with it (the notification to the shop, the acknowledgement). */
  mailIds: string[];
}

/**
 * Stores a contact message and queues its two e-mails in one transaction: the notification to
 * the shop (Reply-To the visitor, so answering reaches them) and the acknowledgement to the
 * visitor. Nothing is sent here, so a mail outage can never lose the message.
 */
export async function submitContactMessage(
  db: Kysely<Database>,
  input: ContactMessage,
  options: { shopEmail: string; now?: Date },
): Promise<ContactResult> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('contact_messages')
      .values({
        full_name: input.fullName,
        email: input.emailAddress,
        subject: input.subject,
        message: input.message,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    const received = formatReceived(options.now ?? row.created_at);
    // One after the other: a transaction is one connection.
    const notification = await enqueueMail(trx, {
      template: 'contact-notification',
      to: options.shopEmail,
      replyTo: input.emailAddress,
      values: { ...input, receivedAt: received },
    });
    // The acknowledgement goes to whatever address was typed in the form: quoting the message
    // there would let anyone mail any text to anyone through the shop. It gets no `message`
    // binding at all, so even a template edited to say {{message}} cannot quote it.
    const acknowledgement = await enqueueMail(trx, {
      template: 'contact-acknowledgement',
      to: input.emailAddress,
      values: { fullName: input.fullName, subject: input.subject },
    });
    const mailIds = [notification, acknowledgement].filter((id): id is string => id !== null);
    return { messageId: row.id, mailIds };
  });
}

/** "Sat, Nov 21, 2026, 2:05 PM CST": the shop reads times in its own zone (Midland, Texas). */
const formatReceived = shopDateTimeWords;
