import { useSyncExternalStore } from 'react';

/** The admin's phone width: below it the sections are a menu (admin.css uses the same 40rem). */
const NARROW = '(max-width: 40rem)';

const subscribe = (change: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
};

/** Whether the admin is on a phone-wide screen, following rotations and resizes. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}
