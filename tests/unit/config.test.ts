import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/server/config.ts';
import { testCheckoutEnabled } from '../../src/server/orders/payment-provider.ts';

const PRODUCTION = {
  SHOP_ENV: 'production',
  DATABASE_URL: 'postgres://u:p@db.example:6543/postgres',
  ADMIN_PASSWORD_HASH: 'scrypt$hash',
  ADMIN_TOKEN_SECRET: 'x'.repeat(32),
  SITE_URL: 'https://shop.example',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('server config', () => {
  it('chooses every embedded default when nothing is set', () => {
    const cfg = parseConfig({});
    expect(cfg).toMatchObject({
      database: 'pglite',
      payments: 'embedded',
      mail: 'outbox-log',
      SHOP_ENV: 'development',
    });
    expect(cfg.dataDir).toMatch(/\.data$/);
  });

  it('chooses the production adapters when their variables are set', () => {
    const cfg = parseConfig({
      DATABASE_URL: 'postgres://u:p@db.example:6543/postgres',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      SMTP_URL: 'smtps://u:p@mail.example:465',
    });
    expect(cfg).toMatchObject({ database: 'postgres', payments: 'stripe', mail: 'smtp' });
  });

  it('lists every malformed or missing variable at once', () => {
    let error: unknown;
    try {
      parseConfig({ DATABASE_URL: 'mysql://x', STRIPE_SECRET_KEY: 'sk_test_1', SHOP_ENV: 'production' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/DATABASE_URL: must be a URL starting with postgres: or postgresql:/);
    expect(problems).toMatch(/STRIPE_WEBHOOK_SECRET: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together/);
    expect(problems).toMatch(/ADMIN_TOKEN_SECRET: is required in production/);
  });

  it('refuses production without the Stripe keys, naming both, so it can never fall back to the test checkout', () => {
    const problems = problemsOf(PRODUCTION);
    expect(problems).toContain('STRIPE_SECRET_KEY: is required in production');
    expect(problems).toContain('STRIPE_WEBHOOK_SECRET: is required in production');
    expect(problemsOf({ ...PRODUCTION, STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toEqual([]);
  });

  it('keeps the test checkout out of production whatever else is set', () => {
    expect(testCheckoutEnabled({ SHOP_ENV: 'production', payments: 'embedded' })).toBe(false);
    expect(testCheckoutEnabled({ SHOP_ENV: 'production', payments: 'stripe' })).toBe(false);
    expect(testCheckoutEnabled({ SHOP_ENV: 'development', payments: 'stripe' })).toBe(false);
    expect(testCheckoutEnabled({ SHOP_ENV: 'development', payments: 'embedded' })).toBe(true);
  });

  it('reads the checkout limits, defaulting to 10 checkouts per 10 minutes and 3 open holds', () => {
    expect(parseConfig({})).toMatchObject({ CHECKOUT_RATE_LIMIT: 10, CHECKOUT_MAX_OPEN_HOLDS: 3 });
    expect(parseConfig({ CHECKOUT_RATE_LIMIT: '25', CHECKOUT_MAX_OPEN_HOLDS: '1' })).toMatchObject({
      CHECKOUT_RATE_LIMIT: 25,
      CHECKOUT_MAX_OPEN_HOLDS: 1,
    });
    expect(problemsOf({ CHECKOUT_RATE_LIMIT: '0', CHECKOUT_MAX_OPEN_HOLDS: 'lots' })).toEqual([
      'CHECKOUT_RATE_LIMIT: must be a whole number of at least 1',
      'CHECKOUT_MAX_OPEN_HOLDS: must be a whole number of at least 1',
    ]);
  });

  it('reads the budgets of unchecked artwork uploads, defaulting to 200 MB per client and 2 GB in all', () => {
    expect(parseConfig({})).toMatchObject({ ARTWORK_UNCHECKED_CLIENT_MB: 200, ARTWORK_UNCHECKED_TOTAL_MB: 2048 });
    expect(parseConfig({ ARTWORK_UNCHECKED_CLIENT_MB: '100', ARTWORK_UNCHECKED_TOTAL_MB: '500' })).toMatchObject({
      ARTWORK_UNCHECKED_CLIENT_MB: 100,
      ARTWORK_UNCHECKED_TOTAL_MB: 500,
    });
    expect(problemsOf({ ARTWORK_UNCHECKED_CLIENT_MB: '0', ARTWORK_UNCHECKED_TOTAL_MB: '2 GB' })).toEqual([
      'ARTWORK_UNCHECKED_CLIENT_MB: must be a whole number of at least 1',
      'ARTWORK_UNCHECKED_TOTAL_MB: must be a whole number of at least 1',
    ]);
  });

  it('reads the database timeouts as whole numbers and refuses anything else', () => {
    const defaults = parseConfig({});
    expect([defaults.DATABASE_CONNECT_TIMEOUT, defaults.DATABASE_STATEMENT_TIMEOUT]).toEqual([undefined, undefined]);
    expect(parseConfig({ DATABASE_CONNECT_TIMEOUT: '2', DATABASE_STATEMENT_TIMEOUT: '0' })).toMatchObject({
      DATABASE_CONNECT_TIMEOUT: 2,
      DATABASE_STATEMENT_TIMEOUT: 0,
    });
    expect(() => parseConfig({ DATABASE_CONNECT_TIMEOUT: '0' })).toThrow(/DATABASE_CONNECT_TIMEOUT/);
    expect(() => parseConfig({ DATABASE_STATEMENT_TIMEOUT: '5s' })).toThrow(/DATABASE_STATEMENT_TIMEOUT/);
  });
});
