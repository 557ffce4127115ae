import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCheckout } from '../../src/server/checkout/start-checkout.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { embeddedProvider } from '../../src/server/orders/payment-provider.ts';
import { sessionIdOf, setVariantStock, variantOf } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { startShop } from '../support/shop-process.ts';
import { answerTestCheckout } from '../support/test-checkout.ts';

/** Everything production requires, Stripe included; the server config reads it once, on first use. */
const PRODUCTION_ENV = {
  SHOP_ENV: 'production',
  DATABASE_URL: 'postgres://u:p@db.example:6543/postgres',
  ADMIN_PASSWORD_HASH: 'scrypt$placeholder',
  ADMIN_TOKEN_SECRET: 'p'.repeat(40),
  SITE_URL: 'https://shop.example',
  STRIPE_SECRET_KEY: 'sk_test_production_guard',
  STRIPE_WEBHOOK_SECRET: 'whsec_production_guard',
};
const saved: Record<string, string | undefined> = {};
beforeAll(() => {
  for (const [key, value] of Object.entries(PRODUCTION_ENV)) {
    saved[key] = process.env[key];
    process.env[key] = value;
  }
});
afterAll(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

describe('npm start in production', () => {
  it('exits non-zero naming STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET when they are missing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-production-'));
    try {
      const start = startShop({
        ...PRODUCTION_ENV,
        DATA_DIR: dataDir,
        STRIPE_SECRET_KEY: '',
        STRIPE_WEBHOOK_SECRET: '',
      });
      const error = await start.then(
        async (shop) => {
          await shop.stop();
          return new Error('the shop started without the Stripe keys');
        },
        (e: unknown) => e as Error,
      );
      expect(error.message).toMatch(/the shop exited \(1\) before it started/);
      expect(error.message).toMatch(/STRIPE_SECRET_KEY: is required in production/);
      expect(error.message).toMatch(/STRIPE_WEBHOOK_SECRET: is required in production/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(DATABASE_KINDS)('the test checkout in production on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('answers 404 on its page, Pay and Cancel, and an order it once opened stays unpaid', async () => {
    // A test-checkout order as a development shop would have opened it.
    const hoodie = await variantOf(database.db, 'game-day-hoodie');
    await setVariantStock(database.db, hoodie.variantId, 5);
    const { url } = await startCheckout(
      database.db,
      embeddedProvider(database.db),
      {
        lines: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 1 }],
        fulfillment: 'local',
        shippingSpeed: 'standard',
        discountCode: null,
        cartId: null,
      },
      {
        origin: 'http://localhost:4321',
        successUrl: 'http://localhost:4321/success',
        cancelUrl: 'http://localhost:4321/cancel',
      },
    );
    const sessionId = sessionIdOf(url);

    const page = await answerTestCheckout(sessionId);
    expect(page.status).toBe(404);
    for (const intent of ['pay', 'cancel'] as const) {
      const res = await answerTestCheckout(sessionId, { intent, fields: { email: 'someone@example.com' } });
      expect(res.status).toBe(404);
    }
    const order = await database.db
      .selectFrom('orders')
      .select(['status', 'paid_at'])
      .where('payment_session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'pending', paid_at: null });
  });
});
