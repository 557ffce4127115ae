import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/** False while React hydrates server HTML (and on the server), true after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/**
 * A store read that hydrates cleanly: the server HTML was built without the browser's storage,
 * so hydration renders `serverValue` (a stable constant) and the stored value right after.
 */
export function useBrowserStore<T>(store: ReadableAtom<T>, serverValue: T): T {
  return useStore(store, { ssr: () => serverValue });
}
