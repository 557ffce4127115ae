/**
 * Dispatched (bubbling) by an island hydrated with client:interaction once it has hydrated and
 * taken over what a person did on its markup before: the directive then replays the presses it
 * held. See useIslandReady in src/islands/ui/hooks.ts.
 */
export const ISLAND_READY_EVENT = 'island:ready';

/**
 * Dispatched on an island hydrated with client:interaction by a script that keeps its markup true
 * before hydration and finds what only the island can show (the cart's live check): it wakes the
 * island as a person's first touch would.
 */
export const ISLAND_WAKE_EVENT = 'island:wake';

/**
 * Marks a stand-in inside an island: markup a script drew before hydration (the cart page's
 * stored lines, src/deferred-loading/cart-first-paint) that the island replaces with its own
 * render rather than hydrating it. React does not own it, so the directive holds a press on it
 * until the island is ready, even once hydration has begun.
 */
export const STAND_IN_ATTRIBUTE = 'data-island-stand-in';

/** Marks a field of a stand-in that a person changed (for a radio group: the one they chose). */
export const STAND_IN_CHANGED_ATTRIBUTE = 'data-stand-in-changed';
