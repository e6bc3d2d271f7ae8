// The shell's way to the auth store (src/session/auth.ts), which loads in its own chunk before
// the sync engine: the stored session is adopted before the first sync, and the first chunk
// stays small.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AuthState, AuthStore } from './auth';

let loading: Promise<AuthStore> | undefined;
let loaded: AuthStore | undefined;

/** Loads the auth store and makes its first auth report (once). */
export function loadAuth(): Promise<AuthStore> {
  loading ??= import('./auth').then((m) => {
    m.authStore.start();
    loaded = m.authStore;
    return m.authStore;
  });
  return loading;
}

const UNKNOWN: AuthState = { status: 'unknown' };
const noop = () => () => {};

/** The auth state: 'unknown' until the store has made its first report. */
export function useAuthState(): AuthState {
  const [store, setStore] = useState(loaded);
  useEffect(() => {
    if (store) return;
    let cancelled = false;
    void loadAuth().then((s) => {
      if (!cancelled) setStore(s);
    });
    return () => {
      cancelled = true;
    };
  }, [store]);
  return useSyncExternalStore(store?.subscribe ?? noop, store?.getState ?? (() => UNKNOWN));
}

/** The auth store, for pages that act on it (loaded on demand). */
export function useAuthStore(): AuthStore | undefined {
  const [store, setStore] = useState(loaded);
  useEffect(() => {
    if (!store) void loadAuth().then(setStore);
  }, [store]);
  return store;
}
