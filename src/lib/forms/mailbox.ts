/**
 * The mailbox an e-mail address delivers to, as the shop compares addresses for personal
 * promo codes: a `+tag` on the local part dropped and case folded, so `Sam+Shop@Example.com`
 * and `sam@example.com` are one mailbox (docs/decisions/0013-trust-audit.md: one welcome code per mailbox, usable only
 * by an order for that mailbox). Dots are kept: only some providers ignore them.
 *
 * Only A-Z is folded: the database has the same rule as `public.mailbox_key(text)` (migration
 * 20261124000200_personal_code_mailbox.sql), and Postgres's lower() of other letters depends
 * on the server's locale; with ASCII folding both sides agree on every server. A test holds
 * the two to each other.
 */
export function mailboxKey(email: string): string {
  return email
    .trim()
    .replace(/\+[^@]*@/, '@')
    .replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** Whether two addresses reach the same mailbox (see mailboxKey). */
export function sameMailbox(a: string, b: string): boolean {
  return mailboxKey(a) === mailboxKey(b);
}
