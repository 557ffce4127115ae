import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadEnvFile } from '../../scripts/lib/env-file.mts';
import { CONFIG_VARIABLES, parseConfig } from '../../src/server/config.ts';
import { startShop } from '../support/shop-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'shop-env-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('the .env file', () => {
  it('is named by npm start, npm run dev and the database scripts', () => {
    for (const name of ['start', 'dev', 'build', 'db:migrate', 'db:reset']) {
      expect(scripts[name]!.split(' '), name).toContain('--settings=.env');
    }
  });

  it('is git-ignored, and .env.example is not', () => {
    expect(execFileSync('git', ['check-ignore', '.env', '.env.local'], { encoding: 'utf8' }).split('\n')).toEqual(
      expect.arrayContaining(['.env', '.env.local']),
    );
    expect(() => execFileSync('git', ['check-ignore', '-q', '.env.example'])).toThrow();
  });

  it('.env.example names every setting the server reads, none of them switched on', () => {
    const example = readFileSync('.env.example', 'utf8');
    const listed = new Set([...example.matchAll(/^# ([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    for (const name of [...CONFIG_VARIABLES, 'PORT', 'HOST', 'SWEEP_EVERY_MS', 'SHUTDOWN_DEADLINE_MS']) {
      expect(listed, name).toContain(name);
    }
    for (const name of ['ARTWORK_CHECK_CPU_SECONDS', 'ARTWORK_CHECK_TIMEOUT_MS', 'ARTWORK_CHECKS_AT_ONCE']) {
      expect(listed, name).toContain(name);
    }
    // Copied to .env as it is, it changes nothing: every assignment is commented out.
    expect(example).not.toMatch(/^[A-Z][A-Z0-9_]*=/m);
  });

  it('may be missing from a fresh clone: npm run db:migrate runs as before', { timeout: 90_000 }, async () => {
    const dataDir = join(dir, 'migrate-data');
    cpSync(inject('pgliteTemplateDir'), dataDir, { recursive: true });
    const [node, ...args] = scripts['db:migrate']!.split(' ');
    expect(node).toBe('node');
    const missing = `--settings=${join(dir, 'absent.env')}`;
    const out = execFileSync(
      process.execPath,
      args.map((arg) => (arg === '--settings=.env' ? missing : arg)),
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      },
    );
    expect(out).toContain('already up to date');
  });

  it('gives the config its settings; a variable set in the environment keeps its value', () => {
    const file = join(dir, 'loader.env');
    writeFileSync(
      file,
      [
        '# the owner’s settings',
        'CHECKOUT_RATE_LIMIT=7',
        'SHOP_EMAIL="orders@shop.example"',
        'CHECKOUT_MAX_OPEN_HOLDS=9',
        '',
      ].join('\n'),
    );
    const env: Record<string, string | undefined> = { CHECKOUT_MAX_OPEN_HOLDS: '2' };
    const report = loadEnvFile(file, env);
    expect(report).toEqual({
      file,
      applied: ['CHECKOUT_RATE_LIMIT', 'SHOP_EMAIL'],
      kept: ['CHECKOUT_MAX_OPEN_HOLDS'],
    });
    const cfg = parseConfig(env);
    expect(cfg.CHECKOUT_RATE_LIMIT).toBe(7);
    expect(cfg.SHOP_EMAIL).toBe('orders@shop.example');
    expect(cfg.CHECKOUT_MAX_OPEN_HOLDS).toBe(2);
  });

  it('may be missing: nothing is read and nothing fails', () => {
    const env: Record<string, string | undefined> = {};
    expect(loadEnvFile(join(dir, 'no-such.env'), env)).toBeNull();
    expect(env).toEqual({});
  });

  it('sets npm start’s admin password; the environment’s PORT wins over the file’s', { timeout: 120_000 }, async () => {
    // The file names a port that is taken: were the file to win, the shop could not listen.
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const takenPort = (taken.address() as { port: number }).port;
    const file = join(dir, 'start.env');
    writeFileSync(file, `ADMIN_PASSWORD="typed into .env, not the shell"\nPORT=${takenPort}\n`);
    const [node, script, ...args] = scripts['start']!.split(' ');
    expect([node, script]).toEqual(['node', 'scripts/start.mts']);
    const startArgs = args.map((arg) => (arg === '--settings=.env' ? `--settings=${file}` : arg));
    // The run's seeded database, copied: the shop opens it as it would its own.
    const dataDir = join(dir, 'data');
    cpSync(inject('pgliteTemplateDir'), dataDir, { recursive: true });
    const shop = await startShop({ DATA_DIR: dataDir }, 90_000, startArgs);
    try {
      expect(new URL(shop.url).port).not.toBe(String(takenPort));
      expect(shop.output()).toContain(`settings: ${file} sets ADMIN_PASSWORD; already in the environment`);
      expect(shop.output()).toContain('password: typed into .env, not the shell');
      const login = await fetch(`${shop.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: 'typed into .env, not the shell' }),
      });
      expect(login.status).toBe(200);
    } finally {
      await shop.stop();
      taken.close();
    }
  });
});
