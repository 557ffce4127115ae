import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it, its MIME parts decoded. */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  /** Header names lower-cased, values unfolded. */
  headers: Record<string, string>;
  text: string;
  html: string | null;
  raw: string;
}

/**
 * A real SMTP server on a loopback port that keeps what it receives. `stop()` and `start()`
 * simulate an outage on the same port. `refuseWith` makes it answer DATA with an SMTP error.
 */
export async function startSmtpInbox(port = 0, onReceive?: (mail: ReceivedMail) => void) {
  const received: ReceivedMail[] = [];
  let refuse: { code: number; message: string } | null = null;
  let server: SMTPServer | null = null;

  const listen = (onPort: number) =>
    new Promise<number>((resolve, reject) => {
      const s = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            if (refuse) {
              const error = Object.assign(new Error(refuse.message), { responseCode: refuse.code });
              callback(error);
              return;
            }
            const raw = Buffer.concat(chunks).toString('utf8');
            const mail: ReceivedMail = {
              ...parseMessage(raw),
              raw,
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            };
            received.push(mail);
            onReceive?.(mail);
            callback();
          });
        },
      });
      s.server.once('error', reject);
      s.listen(onPort, '127.0.0.1', () => {
        server = s;
        resolve((s.server.address() as AddressInfo).port);
      });
    });

  const boundPort = await listen(port);
  return {
    port: boundPort,
    url: `smtp://127.0.0.1:${boundPort}`,
    received,
    refuseWith(code: number | null, message = 'Mailbox unavailable') {
      refuse = code === null ? null : { code, message };
    },
    async stop() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async start() {
      if (!server) await listen(boundPort);
    },
  };
}

function parseMessage(raw: string): { headers: Record<string, string>; text: string; html: string | null } {
  const { headers, body } = splitHeaders(raw);
  const parts = leafParts(headers, body);
  const find = (type: string) => parts.find((p) => (p.headers['content-type'] ?? 'text/plain').startsWith(type));
  return { headers, text: find('text/plain')?.body ?? '', html: find('text/html')?.body ?? null };
}

function splitHeaders(raw: string) {
  const at = raw.indexOf('\r\n\r\n');
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function leafParts(headers: Record<string, string>, body: string): { headers: Record<string, string>; body: string }[] {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .flatMap((chunk) => {
        const part = splitHeaders(chunk.replace(/^\r\n/, ''));
        return leafParts(part.headers, part.body.replace(/\r\n$/, ''));
      });
  }
  return [{ headers, body: decodeBody(body, headers['content-transfer-encoding'] ?? '7bit') }];
}

function decodeBody(body: string, encoding: string): string {
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
  }
  if (/base64/i.test(encoding)) return Buffer.from(body, 'base64').toString('utf8').replace(/\r\n/g, '\n');
  return body.replace(/\r\n/g, '\n');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in a header value. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}
