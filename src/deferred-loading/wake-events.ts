/**
 * Signs that a person is about to use the page: a pointer over or pressed on it, a touch, focus
 * moving into it, a key. Scripts and islands that wait for the page to load start at once on any
 * of these, so someone quick never waits on a script that is still parked.
 */
export const WAKE_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
