import type { Kysely } from 'kysely';
import type { Database, EmailOutboxTable } from '../db/types.ts';

/**
 * email_outbox with the reply_to column of migration 20261121002110. Kept here until
 * src/server/db/types.ts gains the column; `$extendTables` widens the handle without a cast and
 * keeps a transaction a transaction.
 */
export type MailTables = {
  email_outbox: EmailOutboxTable & { reply_to: string | null };
};

export function mailDb(db: Kysely<Database>): Kysely<Database & MailTables> {
  return db.$extendTables<MailTables>();
}
