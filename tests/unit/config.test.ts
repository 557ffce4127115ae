import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/server/config.ts';

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
