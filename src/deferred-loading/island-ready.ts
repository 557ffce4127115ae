/**
 * Dispatched (bubbling) by an island hydrated with client:interaction once it has hydrated and
 * taken over what a person did on its markup before: the directive then replays the presses it
 * held. See useIslandReady in src/islands/ui/hooks.ts.
 */
export const ISLAND_READY_EVENT = 'island:ready';
