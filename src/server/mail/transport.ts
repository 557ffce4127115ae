import nodemailer from 'nodemailer';
import { DEFAULT_SHOP_DETAILS } from '../../lib/site/site.ts';
import { config } from '../config.ts';
import { oneLine } from './render.ts';

/** One e-mail as a transport sends it. */
export interface OutgoingMessage {
  /** The outbox row id: becomes the Message-ID, so a resent copy is recognisable. */
  id: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  /** The name the mail is from: the shop's, as Shop settings holds it when it is sent. */
  fromName?: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'log';
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

/** A failure the SMTP server answered with a 5xx code: retrying will not help. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** `"West Texas Prints" <hello@…>`: every mail leaves from the shop's address. */
export function shopSender(shopEmail = config().SHOP_EMAIL, name = DEFAULT_SHOP_DETAILS.name) {
  return { name, address: shopEmail };
}

/** SMTP through nodemailer; the URL carries host, port, user and password (smtps:// = TLS). */
export function smtpTransport(url: string, shopEmail = config().SHOP_EMAIL): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    // A function answers in seconds: never hang on a dead server.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const domain = shopEmail.split('@')[1] ?? 'localhost';
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from: shopSender(shopEmail, message.fromName || undefined),
        to: message.to,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        subject: oneLine(message.subject),
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        messageId: `<${message.id}@${domain}>`,
      });
    },
    close() {
      transporter.close();
    },
  };
}

/** The embedded default: the mail is printed to the log (and stays in the outbox table). */
export function logTransport(write: (text: string) => void = (text) => console.log(text)): MailTransport {
  return {
    kind: 'log',
    async send(message) {
      const headers = [
        `To: ${message.to}`,
        ...(message.replyTo ? [`Reply-To: ${message.replyTo}`] : []),
        `Subject: ${oneLine(message.subject)}`,
      ];
      const body = message.text
        .split('\n')
        .map((line) => `[mail]   ${line}`)
        .join('\n');
      write(
        `[mail] outgoing e-mail ${message.id} (SMTP_URL is not set, so it is logged instead of sent)\n${headers.map((h) => `[mail] ${h}`).join('\n')}\n${body}`,
      );
    },
    close() {},
  };
}

const store = globalThis as unknown as { __printShopMailTransport?: { key: string; transport: MailTransport } };

/** The transport of this process: SMTP when SMTP_URL is set, else the log. */
export function mailTransport(): MailTransport {
  const url = config().SMTP_URL;
  const key = url ?? 'log';
  if (store.__printShopMailTransport?.key !== key) {
    store.__printShopMailTransport?.transport.close();
    store.__printShopMailTransport = { key, transport: url ? smtpTransport(url) : logTransport() };
  }
  return store.__printShopMailTransport.transport;
}
