import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';

const outDir = `dist-secret-leak-${process.pid}`;
const STRIPE_SECRET_KEY = `sk_test_${'4eC39HqLyjWDarjtT1zdp7dc'}`;

function build(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--silent'], {
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', SHOP_LOCAL_BUILD: '1', SHOP_OUT_DIR: outDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('a build that would ship a secret', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database.dispose();
    rmSync(outDir, { recursive: true, force: true });
  });

  it('fails and names the file, when a secret is pasted into a public variable', { timeout: 180_000 }, async () => {
    const { code, output } = await build({
      DATABASE_URL: database.url!,
      STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: `whsec_${'k'.repeat(32)}`,
      // The home page prints the promo text: a secret pasted there would reach every visitor.
      PUBLIC_PROMO_TEXT: `Sale! ${STRIPE_SECRET_KEY}`,
    });
    expect(code).not.toBe(0);
    expect(output).toContain('The build output contains secrets');
    expect(output).toMatch(/index\.html: the value of STRIPE_SECRET_KEY/);
    // The message names what leaked, never the secret itself.
    expect(output).not.toContain(STRIPE_SECRET_KEY);
    expect(existsSync(`${outDir}/_headers`)).toBe(false);
  });
});
