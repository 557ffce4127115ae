import { createHash } from 'node:crypto';

/**
 * The anonymous owner token a browser keeps for its uploads (and sends with checkout) is never
 * stored: rows keep its SHA-256, so a database read cannot be turned into someone's uploads.
 */
export function ownerHash(ownerToken: string): string {
  return createHash('sha256').update(ownerToken, 'utf8').digest('hex');
}
