import { describe, expect, it } from 'vitest';
import { checkoutCancelledWords } from '../../src/lib/stores/store-words.ts';

/**
 * A store buyer back from a checkout that did not go through (docs/decisions/0030-team-stores.md) reads why on the
 * store's page: the store closed before the payment (their Pay lost the race with the close), or they cancelled;
 * nothing was charged either way.
 */
describe('checkoutCancelledWords', () => {
  it('says the store closed and nothing was charged when the close came first', () => {
    for (const state of ['closed', 'closing'] as const) {
      expect(checkoutCancelledWords(state)).toBe(
        'This store closed before your payment went through: your order was not placed and nothing was charged.',
      );
    }
  });

  it('says only that nothing was charged while the store is still open', () => {
    expect(checkoutCancelledWords('open')).toBe('Your checkout was cancelled and nothing was charged.');
  });
});
