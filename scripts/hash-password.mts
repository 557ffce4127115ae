/**
 * `npm run hash-password`: makes the ADMIN_PASSWORD_HASH a production shop signs in with
 * (`scrypt$N$r$p$saltB64$hashB64`, checked by src/server/auth/password-hash.ts).
 *
 *   npm run hash-password                                  # asks twice on the terminal, not echoed
 *   printf %s "$PASSWORD" | npm run --silent hash-password  # or reads standard input
 *
 * Only the hash goes to standard output; prompts and advice go to standard error. Set the hash as
 * ADMIN_PASSWORD_HASH, and a random ADMIN_TOKEN_SECRET of 32+ characters (e.g. `openssl rand
 * -base64 48`), in the site's environment.
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
  // Ask on the terminal: readline takes the keys in raw mode and echoes them to `output`,
  // which is muted while the password is typed.
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  rl.on('SIGINT', () => {
    process.stderr.write('\n');
    process.exit(130);
  });
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
  if (first !== second) fail('The two passwords differ; nothing was made.');
  return first;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const password = await readPassword();
if (password.length < MIN_LENGTH) fail(`The password must have at least ${MIN_LENGTH} characters.`);
console.log(await hashPassword(password));
console.error(
  'Set the line above as ADMIN_PASSWORD_HASH in the site’s environment, with ADMIN_TOKEN_SECRET set to 32 or more random characters (e.g. the output of `openssl rand -base64 48`).',
);
