/** Starts `npm start` on a fresh copy of the seeded demo shop for the browser tests. */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startSmtpInbox } from '../tests/support/smtp-inbox.ts';

const dataDir = resolve(process.env['DATA_DIR'] ?? '.data/e2e');
rmSync(dataDir, { recursive: true, force: true });
// The test shops serve the same seeded pictures: they share one folder of encoded variants (keyed
// by the source's bytes, scripts/server/image-cdn.mts), so an AVIF one shop made is not made again
// by the other. Never emptied here: the other shop may be using it, and a stale entry is harmless.
const sharedImageCache = resolve(dataDir, '..', 'e2e-image-cache');
mkdirSync(sharedImageCache, { recursive: true });
mkdirSync(dataDir, { recursive: true });
symlinkSync(sharedImageCache, join(dataDir, 'image-cache'), 'dir');
// Every browser test is one client (127.0.0.1), and the suite as a whole checks out more often
// than one visitor may; the per-client limits themselves are proven by the integration tests.
process.env['CHECKOUT_RATE_LIMIT'] ??= '1000';
process.env['CHECKOUT_MAX_OPEN_HOLDS'] ??= '1000';
// The same for artwork: two workers' uploads and checks all come from 127.0.0.1.
process.env['ARTWORK_OPEN_UPLOADS_PER_CLIENT'] ??= '1000';
process.env['ARTWORK_UPLOADS_PER_CLIENT'] ??= '1000';
process.env['ARTWORK_CHECKS_PER_CLIENT'] ??= '1000';
process.env['ARTWORK_CHECKS_QUEUED_PER_CLIENT'] ??= '8';

// The shop's mail goes to a real SMTP server on loopback that files each message in
// <DATA_DIR>/mailbox as JSON: a browser test follows the links a customer is e-mailed.
const mailbox = join(dataDir, 'mailbox');
mkdirSync(mailbox, { recursive: true });
let received = 0;
const inbox = await startSmtpInbox(0, (mail) => {
  received++;
  const file = join(mailbox, `${Date.now()}-${String(received).padStart(5, '0')}.json`);
  writeFileSync(
    file,
    JSON.stringify({ to: mail.envelopeTo, subject: mail.headers['subject'], text: mail.text, html: mail.html }),
  );
});
process.env['SMTP_URL'] = inbox.url;
await import('./start.mts');
