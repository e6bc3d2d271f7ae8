// Theme preference (SPEC §4, §9): stored under 'theme' in local storage as light, dark or
// system; when nothing is stored it is 'system', which follows the device's dark-mode preference
// live (light when the device states none). Pure logic plus a tiny store for React.

export type ThemePreference = 'light' | 'dark' | 'system';
export type ThemeMode = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';
export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];
/** The look when the device states no preference (SPEC §9 "Theme default: light"). */
export const DEFAULT_THEME_MODE: ThemeMode = 'light';
const DARK_QUERY = '(prefers-color-scheme: dark)';

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;
type MatchMediaLike = (query: string) => Pick<MediaQueryList, 'matches'> & {
  addEventListener?: MediaQueryList['addEventListener'];
  removeEventListener?: MediaQueryList['removeEventListener'];
};

export function isThemePreference(value: unknown): value is ThemePreference {
  return value === 'light' || value === 'dark' || value === 'system';
}

/** Reads the stored preference; 'system' when nothing (valid) is stored or storage fails. */
export function loadThemePreference(storage: StorageLike | undefined): ThemePreference {
  try {
    const value = storage?.getItem(THEME_STORAGE_KEY);
    return isThemePreference(value) ? value : 'system';
  } catch {
    return 'system';
  }
}

/** Writes the preference back; storage failures (private mode, quota) are ignored. */
export function saveThemePreference(storage: StorageLike | undefined, pref: ThemePreference): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, pref);
  } catch {
    /* not persisted */
  }
}

/** Whether the device currently prefers dark; false when it states nothing. */
export function systemPrefersDark(matchMedia: MatchMediaLike | undefined): boolean {
  try {
    return matchMedia?.(DARK_QUERY).matches ?? false;
  } catch {
    return false;
  }
}

/** The concrete look for a preference. */
export function resolveThemeMode(pref: ThemePreference, systemDark: boolean): ThemeMode {
  if (pref === 'system') return systemDark ? 'dark' : DEFAULT_THEME_MODE;
  return pref;
}

/** Calls `onChange(dark)` whenever the device's preference changes; returns the unsubscriber. */
export function watchSystemDark(
  matchMedia: MatchMediaLike | undefined,
  onChange: (dark: boolean) => void,
): () => void {
  let mql: ReturnType<MatchMediaLike> | undefined;
  try {
    mql = matchMedia?.(DARK_QUERY);
  } catch {
    mql = undefined;
  }
  if (!mql?.addEventListener) return () => {};
  const listener = (event: MediaQueryListEvent) => onChange(event.matches);
  mql.addEventListener('change', listener);
  return () => mql?.removeEventListener?.('change', listener);
}

export interface ThemeState {
  preference: ThemePreference;
  mode: ThemeMode;
}

/**
 * A small external store: loaded synchronously on creation (so the first render already has the
 * right look), follows the system while the preference is 'system', writes changes back.
 */
export function createThemeStore(env: { storage?: StorageLike; matchMedia?: MatchMediaLike }) {
  let preference = loadThemePreference(env.storage);
  let systemDark = systemPrefersDark(env.matchMedia);
  let state: ThemeState = { preference, mode: resolveThemeMode(preference, systemDark) };
  const listeners = new Set<() => void>();
  const update = () => {
    const mode = resolveThemeMode(preference, systemDark);
    if (state.preference !== preference || state.mode !== mode) {
      state = { preference, mode };
      listeners.forEach((l) => l());
    }
  };
  const stopWatching = watchSystemDark(env.matchMedia, (dark) => {
    systemDark = dark;
    update();
  });
  return {
    getState: (): ThemeState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setPreference(next: ThemePreference): void {
      preference = next;
      saveThemePreference(env.storage, next);
      update();
    },
    dispose: stopWatching,
  };
}

export type ThemeStore = ReturnType<typeof createThemeStore>;
