import type { Kysely } from 'kysely';
import { config, type ServerConfig } from '../config.ts';
import type { Database } from '../db/types.ts';
import { EmbeddedProvider } from './embedded.ts';
import type { PaymentProvider } from './provider.ts';
import { StripeProvider } from './stripe.ts';

export type { PaymentProvider } from './provider.ts';

/** The provider the configuration chooses: Stripe when STRIPE_SECRET_KEY is set. */
export function paymentProvider(db: Kysely<Database>, cfg: ServerConfig = config()): PaymentProvider {
  return cfg.payments === 'stripe' ? new StripeProvider(cfg) : new EmbeddedProvider(db);
}
