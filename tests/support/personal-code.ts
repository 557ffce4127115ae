import { type Kysely, sql } from 'kysely';
import { mailboxKey } from '../../src/lib/mailbox.ts';
import type { Database } from '../../src/server/db/types.ts';
import { subscribe } from '../../src/server/forms/newsletter.ts';

/** Signs `email` up through the newsletter service and answers the welcome code it was sent. */
export async function welcomeCodeFor(db: Kysely<Database>, email: string): Promise<string> {
  await subscribe(db, email, { siteUrl: 'http://localhost:4321' });
  const row = await db
    .selectFrom('discount_codes')
    .select('code')
    .where(sql`public.mailbox_key(email)`, '=', mailboxKey(email))
    .executeTakeFirstOrThrow();
  return row.code;
}
