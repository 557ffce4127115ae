import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * The one place that reads server environment variables. Each outside dependency has a
 * production adapter (variable set) and an embedded default (variable unset); see DESIGN.md.
 * A malformed value fails fast with a readable list instead of failing on first use.
 */
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}:`)), {
      message: `must be a URL starting with ${protocols.map((p) => `${p}:`).join(' or ')}`,
    });

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/** A whole number of at least 1; unset means `fallback`. */
const positiveInt = (fallback: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? Number(v) : fallback))
    .refine((v) => Number.isInteger(v) && v >= 1, { message: 'must be a whole number of at least 1' });

/** A whole number within [min, max]; unset or blank means the default. */
const optionalInt = (min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? Number(v.trim()) : undefined))
    .pipe(z.number().int().min(min).max(max).optional());

const envSchema = z
  .object({
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    /** Seconds to wait for a new database connection before answering 503 (default 3). */
    DATABASE_CONNECT_TIMEOUT: optionalInt(1, 60),
    /** Milliseconds a statement may run before PostgreSQL cancels it (default 5000; 0 = no limit). */
    DATABASE_STATEMENT_TIMEOUT: optionalInt(0, 600_000),
    DATA_DIR: optionalText,
    STRIPE_SECRET_KEY: optionalText.refine((v) => v === undefined || /^(sk|rk)_/.test(v), {
      message: 'must start with sk_ or rk_',
    }),
    STRIPE_WEBHOOK_SECRET: optionalText.refine((v) => v === undefined || v.startsWith('whsec_'), {
      message: 'must start with whsec_',
    }),
    /** Another Stripe API origin (a local stand-in in tests, stripe-mock); unset = api.stripe.com. */
    STRIPE_API_BASE: optionalUrl(['https', 'http']),
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    SHOP_EMAIL: z.email().default('hello@westtexasprints.example'),
    ADMIN_PASSWORD: optionalText,
    ADMIN_PASSWORD_HASH: optionalText,
    ADMIN_TOKEN_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
      message: 'must be at least 32 characters',
    }),
    /** Signs the customer's links (order page, proof); unset = derived from ADMIN_TOKEN_SECRET, or generated in DATA_DIR. */
    LINK_SIGNING_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
      message: 'must be at least 32 characters',
    }),
    NETLIFY_BUILD_HOOK_URL: optionalUrl(['https']),
    /** The JWS secret of Netlify's outgoing deploy webhooks; unset = /api/netlify/deploy-events does not exist. */
    NETLIFY_DEPLOY_WEBHOOK_SECRET: optionalText,
    SUPABASE_URL: optionalUrl(['https', 'http']),
    SUPABASE_SERVICE_ROLE_KEY: optionalText,
    /** The private Supabase Storage bucket of customer artwork (used when SUPABASE_URL is set). */
    ARTWORK_BUCKET: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || 'artwork')
      .refine((v) => /^[a-z0-9][a-z0-9._-]{1,62}$/.test(v), {
        message: 'must be a bucket name: lower-case letters, digits, dots, dashes and underscores',
      }),
    SITE_URL: optionalUrl(['https', 'http']),
    SHOP_ENV: z.enum(['development', 'test', 'production']).default('development'),
    /** Checkouts (cart and Buy Now together) one client address may start in 10 minutes. */
    CHECKOUT_RATE_LIMIT: positiveInt(10),
    /** Unpaid checkouts (orders holding stock) one client address may have open at once. */
    CHECKOUT_MAX_OPEN_HOLDS: positiveInt(3),
    /** MB of unchecked artwork uploads one client (IPv4 address or IPv6 /64) may have waiting at once. */
    ARTWORK_UNCHECKED_CLIENT_MB: positiveInt(200),
    /** MB of unchecked artwork uploads all clients together may have waiting at once. */
    ARTWORK_UNCHECKED_TOTAL_MB: positiveInt(2048),
    /** S&S Activewear REST API v2: the account number (Basic auth user) and API key (password). */
    SS_ACCOUNT_NUMBER: optionalText,
    SS_API_KEY: optionalText,
    /** Another S&S API origin (a local stand-in in tests); unset = https://api.ssactivewear.com. */
    SS_API_BASE: optionalUrl(['https', 'http']),
    /** SanMar PromoStandards web services: the sanmar.com user name and password. */
    SANMAR_USERNAME: optionalText,
    SANMAR_PASSWORD: optionalText,
    /** Another SanMar web-services origin (test-ws.sanmar.com, a local stand-in); unset = ws.sanmar.com. */
    SANMAR_API_BASE: optionalUrl(['https', 'http']),
    /** Milliseconds a supplier's answer may take before it counts as down (default 20000). */
    SUPPLIER_TIMEOUT_MS: optionalInt(100, 120_000),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together or not at all',
      });
    }
    if (Boolean(env.SUPABASE_URL) !== Boolean(env.SUPABASE_SERVICE_ROLE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SUPABASE_SERVICE_ROLE_KEY'],
        message: 'SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set together or not at all',
      });
    }
    const pairs = [
      ['SS_ACCOUNT_NUMBER', 'SS_API_KEY'],
      ['SANMAR_USERNAME', 'SANMAR_PASSWORD'],
    ] as const;
    for (const [a, b] of pairs) {
      if (Boolean(env[a]) !== Boolean(env[b])) {
        ctx.addIssue({ code: 'custom', path: [b], message: `${a} and ${b} are set together or not at all` });
      }
    }
    if (env.SHOP_ENV === 'production') {
      // Without the Stripe keys production would fall back to the built-in test checkout, whose
      // Pay button marks an order paid for anyone: refuse to start instead.
      const required = [
        'DATABASE_URL',
        'ADMIN_PASSWORD_HASH',
        'ADMIN_TOKEN_SECRET',
        'SITE_URL',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
      ] as const;
      for (const key of required) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
      }
    }
  });

/** The names of every variable this configuration reads (.env.example lists each). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export type ServerConfig = ReturnType<typeof parseConfig>;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid server configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export function parseConfig(source: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`));
  }
  const env = parsed.data;
  return {
    ...env,
    dataDir: resolve(env.DATA_DIR ?? '.data'),
    database: env.DATABASE_URL ? ('postgres' as const) : ('pglite' as const),
    payments: env.STRIPE_SECRET_KEY ? ('stripe' as const) : ('embedded' as const),
    mail: env.SMTP_URL ? ('smtp' as const) : ('outbox-log' as const),
  };
}

let cached: ServerConfig | undefined;

/** The validated configuration of this process, parsed on first use. */
export function config(): ServerConfig {
  cached ??= parseConfig();
  return cached;
}
