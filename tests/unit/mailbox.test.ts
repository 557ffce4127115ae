import { describe, expect, it } from 'vitest';
import { mailboxKey, sameMailbox } from '../../src/lib/forms/mailbox.ts';

describe('the mailbox of an address (personal promo codes)', () => {
  it.each([
    ['Sam@Example.com', 'sam@example.com'],
    ['sam+shop@example.com', 'sam@example.com'],
    ['SAM+News+2026@EXAMPLE.COM', 'sam@example.com'],
    ['  sam@example.com ', 'sam@example.com'],
    ['first.last@example.com', 'first.last@example.com'],
  ])('folds %s to %s', (email, key) => {
    expect(mailboxKey(email)).toBe(key);
  });

  it('keeps apart addresses that reach different mailboxes', () => {
    expect(sameMailbox('sam@example.com', 'sam@example.org')).toBe(false);
    expect(sameMailbox('sam@example.com', 'samuel@example.com')).toBe(false);
    // Dots are significant for most providers, so they are not folded.
    expect(sameMailbox('s.am@example.com', 'sam@example.com')).toBe(false);
  });

  it('treats case and +tag variants as one mailbox', () => {
    expect(sameMailbox('Sam+Shop@Example.COM', 'sam@example.com')).toBe(true);
  });
});
