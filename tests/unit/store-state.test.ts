import { describe, expect, it } from 'vitest';
import { storeState } from '../../src/lib/stores/store-state.ts';

describe('storeState', () => {
  const opens_at = '2026-12-01T15:00:00Z';
  const closes_at = '2026-12-08T05:59:59Z';
  it('follows the status until approved, then the dates', () => {
    expect(storeState({ status: 'draft', opens_at, closes_at }, new Date('2026-12-02'))).toBe('draft');
    expect(storeState({ status: 'proof_sent', opens_at, closes_at }, new Date('2026-12-02'))).toBe('awaiting_approval');
    expect(storeState({ status: 'approved', opens_at, closes_at }, new Date('2026-12-01T14:59:59Z'))).toBe('scheduled');
    expect(storeState({ status: 'approved', opens_at, closes_at }, new Date(opens_at))).toBe('open');
    expect(storeState({ status: 'approved', opens_at, closes_at }, new Date(closes_at))).toBe('closing');
    expect(storeState({ status: 'closed', opens_at, closes_at }, new Date('2026-12-01'))).toBe('closed');
  });
});
