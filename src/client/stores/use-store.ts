// React binding for the Valtio stores: the snapshot of a store, re-rendered when it changes.
// valtio/react adds render tracking through proxy-compare; islands are small enough not to need it,
// and the product page's JavaScript budget is tight.

import { useCallback, useSyncExternalStore } from 'react';
import { type Snapshot, snapshot, subscribe } from 'valtio/vanilla';

export function useStore<T extends object>(state: T): Snapshot<T> {
  const subscribeToState = useCallback((onChange: () => void) => subscribe(state, onChange, true), [state]);
  // snapshot() returns the same object until the state changes, as useSyncExternalStore requires.
  const read = useCallback(() => snapshot(state), [state]);
  return useSyncExternalStore(subscribeToState, read, read);
}
