// The app's theme store, created when this module loads (before the first render).
import { useSyncExternalStore } from 'react';
import { createThemeStore, type ThemePreference, type ThemeState } from './themePreference';

function safe<T>(get: () => T): T | undefined {
  try {
    return get();
  } catch {
    return undefined;
  }
}

export const themeStore = createThemeStore({
  storage: safe(() => globalThis.localStorage),
  matchMedia: typeof window !== 'undefined' && window.matchMedia ? (q) => window.matchMedia(q) : undefined,
});

export function useThemePreference(): ThemeState & { setPreference: (pref: ThemePreference) => void } {
  const state = useSyncExternalStore(themeStore.subscribe, themeStore.getState);
  return { ...state, setPreference: themeStore.setPreference };
}
