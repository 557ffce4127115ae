/**
 * Makes an ADMIN_PASSWORD_HASH for production: `scrypt$N$r$p$saltB64$hashB64`.
 *
 *   node scripts/hash-password.mts                 # asks for the password (not echoed)
 *   printf %s "$PASSWORD" | node scripts/hash-password.mts
 *
 * Set the printed line as ADMIN_PASSWORD_HASH, and a random ADMIN_TOKEN_SECRET of 32+
 * characters (e.g. `openssl rand -base64 48`), in the site's environment.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { hashPassword } from '../src/server/auth/password-hash.ts';

const MIN_LENGTH = 12;

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks)
      .toString('utf8')
      .replace(/\r?\n$/, '');
  }
  // Ask on the terminal without echoing what is typed.
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const ask = (prompt: string) =>
    new Promise<string>((resolve) => {
      muted = false;
      process.stderr.write(prompt);
      muted = true;
      rl.question('', (answer) => {
        process.stderr.write('\n');
        resolve(answer);
      });
    });
  const first = await ask('Admin password: ');
  const second = await ask('Again: ');
  rl.close();
  if (first !== second) throw new Error('The two passwords differ.');
  return first;
}

const password = await readPassword();
if (password.length < MIN_LENGTH) {
  console.error(`Use at least ${MIN_LENGTH} characters.`);
  process.exit(1);
}
console.log(await hashPassword(password));
