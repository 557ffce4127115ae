import { createHmac, timingSafeEqual } from 'node:crypto';
import { linkSecret } from '../auth/link-secret.ts';
import { config, type ServerConfig } from '../config.ts';
import { siteOrigin } from '../site-origin.ts';

/**
 * Signed links for customers without an account (DESIGN.md "Signed links"): one record, one
 * purpose, an expiry, an HMAC-SHA256 over all three. The token is `<id>.<expiry>.<signature>`
 * (the id as 32 hex digits, the expiry in base-36 seconds, 128 bits of signature), so a link
 * stays short enough to survive any mail client. A token that does not check out, for whatever
 * reason, is simply not a link: callers answer 404 and say nothing more.
 */
export type LinkPurpose =
  | 'order'
  | 'quote'
  | 'invoice'
  | 'account-order'
  | 'payer'
  | 'organiser'
  | 'store-pass'
  | 'staff-invite'
  | 'staff-reset'
  | 'my-orders';

const DAY_SECONDS = 86_400;
/**
 * How long each kind of link opens. An order page outlives the job by months; a quote's page
 * outlives its valid-until date (a year at most) so an expired quote still says so.
 */
export const LINK_LIFETIME_DAYS: Record<LinkPurpose, number> = {
  order: 180,
  quote: 400,
  // An invoice is kept and paid for months, and asked about at year's end.
  invoice: 400,
  // The confirmation of an on-account checkout (the pending order's id): its hold lapses first.
  'account-order': 1,
  // Everything one customer (users row) owes, from a request or reminder e-mail.
  payer: 60,
  // A store's organiser (docs/decisions/0030-team-stores.md): signed for the days until the close
  // plus ORGANISER_DAYS_AFTER_CLOSE.
  organiser: 60,
  // A store buyer's pass after one right password (docs/decisions/0041-password-checks.md), a
  // cookie signed with a key bound to the store's password hash (stores/store-password.ts).
  'store-pass': 30,
  // An invitation to the back office (issue 45): 72 hours, and one use (staff/invitations.ts).
  'staff-invite': 3,
  // A forgotten password's reset (issue 45): one hour, and one use (staff/password-resets.ts).
  'staff-reset': 1 / 24,
  // My orders from any of the shop's e-mails (issue 48): a customer (users row) signs in on this device.
  'my-orders': 180,
};

/** How long an organiser's link outlives the store's close: the batch, delivery and payout follow it. */
export const ORGANISER_DAYS_AFTER_CLOSE = 45;

export { linkSecret };

const TOKEN = /^([0-9a-f]{32})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})$/;

const signature = (secret: Buffer, purpose: LinkPurpose, hexId: string, expiry: string) =>
  createHmac('sha256', secret).update(`${purpose}\n${hexId}\n${expiry}`).digest().subarray(0, 16).toString('base64url');

/** A token that opens `purpose` for the record `id` (a uuid) until `lifetimeDays` from `now`. */
export function signLink(
  purpose: LinkPurpose,
  id: string,
  options: { now?: Date; lifetimeDays?: number; secret?: Buffer } = {},
): string {
  const hexId = id.replaceAll('-', '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hexId)) throw new Error(`signLink: ${id} is not a uuid`);
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const expiry = (now + (options.lifetimeDays ?? LINK_LIFETIME_DAYS[purpose]) * DAY_SECONDS).toString(36);
  return `${hexId}.${expiry}.${signature(options.secret ?? linkSecret(), purpose, hexId, expiry)}`;
}

/** The record id (a uuid) a token opens for `purpose`, or null: malformed, forged, other purpose or expired. */
export function verifyLink(
  purpose: LinkPurpose,
  token: string,
  options: { now?: Date; secret?: Buffer } = {},
): string | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, hexId = '', expiry = '', given = ''] = match;
  const expected = Buffer.from(signature(options.secret ?? linkSecret(), purpose, hexId, expiry));
  if (!timingSafeEqual(expected, Buffer.from(given))) return null;
  if (Number.parseInt(expiry, 36) * 1000 <= (options.now ?? new Date()).getTime()) return null;
  return `${hexId.slice(0, 8)}-${hexId.slice(8, 12)}-${hexId.slice(12, 16)}-${hexId.slice(16, 20)}-${hexId.slice(20)}`;
}

/** The shop's public origin for links in e-mails: SITE_URL, Netlify's URL, else the local server. */
export function shopOrigin(cfg: Pick<ServerConfig, 'SITE_URL'> = config()): string {
  return siteOrigin({ ...process.env, SITE_URL: cfg.SITE_URL });
}

/** The customer's order page (status, proof, tracking) for one order. */
export const orderPageUrl = (orderId: string, origin = shopOrigin()) =>
  `${origin}/orders/${signLink('order', orderId)}`;

/** The customer's quote page (docs/decisions/0017-quotes.md) for one quote request. */
export const quotePageUrl = (quoteRequestId: string, origin = shopOrigin()) =>
  `${origin}/quotes/${signLink('quote', quoteRequestId)}`;

/** An order placed on account's invoice (docs/decisions/0029-deposits.md), viewable and printable, with Pay online. */
export const invoicePageUrl = (invoiceId: string, origin = shopOrigin()) =>
  `${origin}/invoices/${signLink('invoice', invoiceId)}`;

/**
 * Everything one customer (their users row) owes across their orders, paid together
 * (docs/decisions/0029-deposits.md).
 */
export const payerPageUrl = (userId: string, origin = shopOrigin()) => `${origin}/pay/${signLink('payer', userId)}`;

/**
 * A store's organiser page (docs/decisions/0030-team-stores.md): its proof to approve, then its
 * live sales. The link opens until ORGANISER_DAYS_AFTER_CLOSE days after the close (an extension of
 * 3 days is well inside).
 */
export function organiserPageUrl(storeId: string, closesAt: Date, origin = shopOrigin(), now = new Date()) {
  const untilClose = Math.max(0, Math.ceil((closesAt.getTime() - now.getTime()) / (DAY_SECONDS * 1000)));
  const token = signLink('organiser', storeId, { now, lifetimeDays: untilClose + ORGANISER_DAYS_AFTER_CLOSE });
  return `${origin}/stores/organiser/${token}`;
}
