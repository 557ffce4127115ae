import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from './e2e-test.ts';
import { shopDataDir } from './e2e-shop.ts';

/**
 * The e2e shop's mail (scripts/e2e-server.mts files every message its loopback SMTP server
 * receives under .data/e2e-PORT/mailbox): what a customer would find in their inbox.
 */
const mailbox = () => join(shopDataDir(), 'mailbox');

export interface FiledMail {
  to: string[];
  subject: string;
  text: string;
  /** The HTML part as sent (null when the mail had none). */
  html: string | null;
}

/** The messages to `address` whose subject matches, oldest first. */
export function mailTo(address: string, subject: RegExp): FiledMail[] {
  return readdirSync(mailbox())
    .sort()
    .map((name) => JSON.parse(readFileSync(join(mailbox(), name), 'utf8')) as FiledMail)
    .filter((mail) => mail.to.includes(address) && subject.test(mail.subject));
}

/** The shop link (/orders/…, /quotes/…, /pay/…, /account-orders/…, /invoices/…) in the `nth` (1-based) such message, once it arrives. */
export async function linkInMail(
  address: string,
  subject: RegExp,
  nth = 1,
  path:
    | 'orders'
    | 'quotes'
    | 'pay'
    | 'account-orders'
    | 'invoices'
    | 'stores/organiser'
    | 'staff/invitation' = 'orders',
): Promise<string> {
  await expect.poll(() => mailTo(address, subject).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(nth);
  const mail = mailTo(address, subject)[nth - 1]!;
  const link = new RegExp(`http://localhost:\\d+/${path}/\\S+`).exec(mail.text)?.[0];
  if (!link) throw new Error(`no ${path} link in ${mail.text}`);
  return link;
}
