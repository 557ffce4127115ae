import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { type RefObject, useEffect, useSyncExternalStore } from 'react';
import { ISLAND_READY_EVENT } from '../../deferred-loading/island-ready.ts';

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

/**
 * For an island hydrated with client:interaction: once `ready` (hydrated, with what a person did
 * before taken over), tells the directive, which then replays the presses it held.
 */
export function useIslandReady(root: RefObject<HTMLElement | null>, ready: boolean) {
  useEffect(() => {
    if (ready) root.current?.dispatchEvent(new Event(ISLAND_READY_EVENT, { bubbles: true }));
  }, [root, ready]);
}
