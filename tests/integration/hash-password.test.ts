import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/server/config.ts';
import { verifyPassword } from '../../src/server/auth/password-hash.ts';

const PASSWORD = 'correct horse battery staple';

/** `npm run hash-password`'s command, run with this Node (npm would pick the project's Node 24 the same way). */
function hashPasswordCommand(): string[] {
  const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
  const [node, ...args] = scripts['hash-password']!.split(' ');
  expect(node).toBe('node');
  return [process.execPath, ...args];
}

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
  waitFor(text: string): Promise<void>;
}

function run(command: string, args: string[]): Run {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  const settle = () => {
    for (const w of [...waiters]) {
      if ((out + err).includes(w.text)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    settle();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    err += chunk.toString();
    settle();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor: (text) =>
      new Promise<void>((resolve) => {
        waiters.push({ text, resolve });
        settle();
      }),
  };
}

describe('npm run hash-password', () => {
  it('prints, from a password on standard input, a hash the server’s own check accepts', async () => {
    const [command, ...args] = hashPasswordCommand();
    const shell = run(command!, args);
    shell.child.stdin!.end(`${PASSWORD}\n`);
    expect(await shell.exited).toBe(0);
    const hash = shell.stdout().trim();
    expect(hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(shell.stdout()).not.toContain(PASSWORD);
    expect(shell.stderr()).toContain('ADMIN_PASSWORD_HASH');
    // The trailing newline of `echo` is not part of the password.
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}\n`, hash)).toBe(false);
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false);
    // The server takes it as ADMIN_PASSWORD_HASH in production.
    const cfg = parseConfig({
      SHOP_ENV: 'production',
      DATABASE_URL: 'postgres://shop@db.example:6543/postgres',
      ADMIN_PASSWORD_HASH: hash,
      ADMIN_TOKEN_SECRET: 'x'.repeat(48),
      SITE_URL: 'https://shop.example',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(await verifyPassword(PASSWORD, cfg.ADMIN_PASSWORD_HASH!)).toBe(true);
  });

  it('refuses a short password and prints no hash', async () => {
    const [command, ...args] = hashPasswordCommand();
    const shell = run(command!, args);
    shell.child.stdin!.end('short\n');
    expect(await shell.exited).toBe(1);
    expect(shell.stdout()).toBe('');
    expect(shell.stderr()).toContain('at least 12 characters');
  });

  // util-linux's `script` gives the command a terminal, as a person running it in a shell has.
  const inTerminal = () => {
    const [command, ...args] = hashPasswordCommand();
    return run('script', ['--quiet', '--return', '--command', [command, ...args].join(' '), '/dev/null']);
  };

  it('asks twice on a terminal without showing what is typed', async () => {
    const terminal = inTerminal();
    await terminal.waitFor('Admin password: ');
    terminal.child.stdin!.write(`${PASSWORD}\r`);
    await terminal.waitFor('Again: ');
    terminal.child.stdin!.write(`${PASSWORD}\r`);
    await terminal.waitFor('ADMIN_PASSWORD_HASH');
    terminal.child.stdin!.end();
    expect(await terminal.exited).toBe(0);
    const screen = terminal.stdout();
    expect(screen).not.toContain('correct horse');
    const hash = /^scrypt\$\S+$/m.exec(screen.replaceAll('\r', ''))?.[0];
    expect(hash).toBeDefined();
    expect(await verifyPassword(PASSWORD, hash!)).toBe(true);
  });

  it('makes nothing when the two typed passwords differ', async () => {
    const terminal = inTerminal();
    await terminal.waitFor('Admin password: ');
    terminal.child.stdin!.write(`${PASSWORD}\r`);
    await terminal.waitFor('Again: ');
    terminal.child.stdin!.write('correct horse battery stable\r');
    await terminal.waitFor('differ');
    terminal.child.stdin!.end();
    expect(await terminal.exited).toBe(1);
    expect(terminal.stdout()).not.toContain('scrypt$');
  });
});
