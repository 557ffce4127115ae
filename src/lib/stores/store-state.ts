/**
 * Where a team or fundraiser store stands (docs/decisions/0030-team-stores.md), from its status and
 * dates, at `now`: the one rule the admin, the store page, checkout and the close all read.
 * - 'draft': being set up; 'awaiting_approval': its proof went to the organiser;
 * - 'scheduled': approved, opens later; 'open': approved and between its dates (buyers may pay);
 * - 'closing': approved, past its close, the sweep has not closed it yet (checkout refuses);
 * - 'closed': the close ran (never reopens).
 */
export type StoreState = 'draft' | 'awaiting_approval' | 'scheduled' | 'open' | 'closing' | 'closed';

export interface StoreTiming {
  status: 'draft' | 'proof_sent' | 'approved' | 'closed';
  opens_at: Date | string;
  closes_at: Date | string;
}

export function storeState(store: StoreTiming, now: Date = new Date()): StoreState {
  if (store.status === 'closed') return 'closed';
  if (store.status === 'draft') return 'draft';
  if (store.status === 'proof_sent') return 'awaiting_approval';
  const t = now.getTime();
  if (t < new Date(store.opens_at).getTime()) return 'scheduled';
  if (t < new Date(store.closes_at).getTime()) return 'open';
  return 'closing';
}
