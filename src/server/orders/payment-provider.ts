import type { Kysely } from 'kysely';
import { config, type ServerConfig } from '../config.ts';
import type { Database } from '../db/types.ts';
import { EmbeddedProvider } from '../payments/embedded.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { StripeProvider } from '../payments/stripe.ts';
import { findSessionOrder, sessionViewOfOrder } from './session-view.ts';

export type { PaymentProvider } from '../payments/provider.ts';

/**
 * Whether the built-in test checkout (its page, Pay and Cancel) exists in this process: only
 * without Stripe, and never in production, whatever else is set, since its Pay marks an order
 * paid for anyone who asks.
 */
export function testCheckoutEnabled(cfg: Pick<ServerConfig, 'SHOP_ENV' | 'payments'> = config()): boolean {
  return cfg.SHOP_ENV !== 'production' && cfg.payments === 'embedded';
}

/** The built-in test checkout, whose session is the order itself. */
export function embeddedProvider(db: Kysely<Database>): EmbeddedProvider {
  return new EmbeddedProvider(async (sessionId) => {
    const order = await findSessionOrder(db, sessionId, 'embedded');
    return order ? sessionViewOfOrder(order) : null;
  });
}

/** The provider the configuration chooses: Stripe when STRIPE_SECRET_KEY is set. */
export function paymentProvider(db: Kysely<Database>, cfg: ServerConfig = config()): PaymentProvider {
  if (cfg.payments === 'stripe') return new StripeProvider(cfg);
  // The config already refuses production without Stripe; this keeps a fake payment out even if it did not.
  if (!testCheckoutEnabled(cfg)) throw new Error('The built-in test checkout is not available in production');
  return embeddedProvider(db);
}
