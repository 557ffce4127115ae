import { type Kysely, sql } from 'kysely';
import { mailboxKey } from '../../src/lib/forms/mailbox.ts';
import { startCheckout } from '../../src/server/checkout/start-checkout.ts';
import { checkoutUrls } from '../../src/server/links/urls.ts';
import type { Database } from '../../src/server/db/types.ts';
import { subscribe } from '../../src/server/forms/newsletter.ts';
import { embeddedProvider } from '../../src/server/orders/payment-provider.ts';

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

let sessions = 0;

/**
 * The session id of a new pending order of the built-in test checkout bound to a personal code
 * (a new subscriber's welcome code, checked out for its address): the hostile corpus pays it
 * with addresses of other mailboxes.
 */
export async function personalTestSession(
  db: Kysely<Database>,
  line: { productId: string; colorId: string | null; sizeId: string | null },
): Promise<string> {
  sessions += 1;
  const email = `personal.${Date.now().toString(36)}.${sessions}@example.com`;
  const code = await welcomeCodeFor(db, email);
  const { url } = await startCheckout(
    db,
    embeddedProvider(db),
    {
      lines: [{ ...line, quantity: 1 }],
      fulfillment: 'local',
      shippingSpeed: 'standard',
      discountCode: code,
      email,
      cartId: null,
    },
    checkoutUrls(new Request('http://localhost:4321/api/cart/checkout')),
  );
  return decodeURIComponent(new URL(url).pathname.split('/').pop()!);
}
