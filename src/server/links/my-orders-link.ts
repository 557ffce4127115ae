import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';
import { shopOrigin, signLink, verifyLink } from './signed-links.ts';

/**
 * The signed link to My orders that the shop's customer e-mails carry as {{myOrdersUrl}} (issue
 * 48): it names the customer's users row (made now when the address has none yet, one atomic
 * insert on the lower(email) index), purpose 'my-orders', 180 days. Opening it signs that
 * address in on the device (src/pages/my-orders/link/[token].astro).
 */
export async function myOrdersUrl(db: Kysely<Database>, email: string, origin = shopOrigin()): Promise<string> {
  const address = email.trim();
  const made = await db
    .insertInto('users')
    .values({ email: address, role: 'customer' })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  const id =
    made?.id ??
    (
      await db
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(email)`, '=', address.toLowerCase())
        .executeTakeFirstOrThrow()
    ).id;
  return `${origin}/my-orders/link/${signLink('my-orders', id)}`;
}

/** The address a My orders link signs in, or null (not a link, expired, or no such customer). */
export async function addressOfMyOrdersLink(db: Kysely<Database>, token: string): Promise<string | null> {
  const id = verifyLink('my-orders', token);
  if (!id) return null;
  const row = await db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirst();
  return row ? row.email.toLowerCase() : null;
}
