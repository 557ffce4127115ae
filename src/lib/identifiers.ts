/**
 * The shop's one rule for an e-mail address and for a record id, for the browser and the server
 * alike (forms, checkout, the payment report, the outbox, route ids).
 */

/**
 * docs/decisions/spec-rules.md#s5 e-mail rule: text, an at sign, text, a dot, text. The dot is escaped: the original
 * pattern left it bare, so it matched any character and `a@bc` passed. Domain labels may not be
 * empty (`a@b..c`, `a@.c`, `a@c.` fail), and no whitespace or control character is allowed
 * anywhere, so an address can never smuggle a CR/LF into a mail header.
 */
export const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@.\p{Cc}]+(?:\.[^\s@.\p{Cc}]+)+$/u;

/** RFC 5321 limits a forward path to 256 octets including the brackets. */
export const EMAIL_MAX_LENGTH = 254;

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/**
 * A record id as the database makes them (gen_random_uuid) or the seed writes them: 8-4-4-4-12
 * hex digits, any version. Checked before a query so a malformed id is a 404/400, not a 500.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
