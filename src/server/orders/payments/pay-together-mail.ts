import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { payTogetherValues } from '../../mail/pay-together-values.ts';
import type { Bindings } from '../../mail/render.ts';
import { payerPageUrl } from '../../links/signed-links.ts';
import { payerDebts } from './payer-debts.ts';

/** The bindings for the e-mail of `orderId`'s customer (their users row by the order's address). */
export async function payTogetherBindings(db: Kysely<Database>, orderId: string): Promise<Bindings> {
  const user = await db
    .selectFrom('orders')
    .innerJoin('users', (join) => join.on(sql`lower(users.email)`, '=', sql`lower(orders.email)`))
    .select('users.id')
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  const debts = user ? await payerDebts(db, user.id) : null;
  if (!debts) return payTogetherValues(null);
  return payTogetherValues({
    owedCents: debts.items.reduce((sum, item) => sum + item.amountCents, 0),
    orders: new Set(debts.items.map((item) => item.orderId)).size,
    url: payerPageUrl(debts.userId),
  });
}
