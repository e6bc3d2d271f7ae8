import { describe, expect, it, vi } from 'vitest';
import {
  THEME_STORAGE_KEY,
  createThemeStore,
  loadThemePreference,
  resolveThemeMode,
  saveThemePreference,
} from './themePreference';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

function fakeMatchMedia(dark: boolean | undefined) {
  const listeners = new Set<(e: MediaQueryListEvent) => void>();
  const mql = {
    matches: dark ?? false,
    addEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.add(l),
    removeEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.delete(l),
  };
  const matchMedia = vi.fn(() => mql) as unknown as (q: string) => MediaQueryList;
  return {
    matchMedia,
    listeners,
    set(next: boolean) {
      mql.matches = next;
      listeners.forEach((l) => l({ matches: next } as MediaQueryListEvent));
    },
  };
}

describe('theme preference', () => {
  it('loads system when nothing or garbage is stored', () => {
    expect(loadThemePreference(memoryStorage())).toBe('system');
    expect(loadThemePreference(memoryStorage({ theme: 'purple' }))).toBe('system');
    expect(loadThemePreference(undefined)).toBe('system');
    const throwing = { getItem: () => { throw new Error('denied'); }, setItem: () => {} };
    expect(loadThemePreference(throwing)).toBe('system');
  });

  it('loads and saves light/dark/system under the theme key', () => {
    const s = memoryStorage({ theme: 'dark' });
    expect(loadThemePreference(s)).toBe('dark');
    saveThemePreference(s, 'light');
    expect(s.data.get(THEME_STORAGE_KEY)).toBe('light');
  });

  it('resolves system from the device, light when it states none', () => {
    expect(resolveThemeMode('system', true)).toBe('dark');
    expect(resolveThemeMode('system', false)).toBe('light');
    expect(resolveThemeMode('dark', false)).toBe('dark');
    expect(resolveThemeMode('light', true)).toBe('light');
  });

  it('follows the device live under system and writes changes back', () => {
    const storage = memoryStorage();
    const mm = fakeMatchMedia(false);
    const store = createThemeStore({ storage, matchMedia: mm.matchMedia });
    expect(store.getState()).toEqual({ preference: 'system', mode: 'light' });
    const listener = vi.fn();
    store.subscribe(listener);
    mm.set(true);
    expect(store.getState().mode).toBe('dark');
    expect(listener).toHaveBeenCalledTimes(1);

    store.setPreference('light');
    expect(store.getState()).toEqual({ preference: 'light', mode: 'light' });
    expect(storage.data.get('theme')).toBe('light');
    mm.set(false);
    mm.set(true);
    expect(store.getState().mode).toBe('light');

    store.setPreference('system');
    expect(store.getState().mode).toBe('dark');
    store.dispose();
    expect(mm.listeners.size).toBe(0);
  });

  it('keeps a stored choice on start', () => {
    const store = createThemeStore({ storage: memoryStorage({ theme: 'dark' }), matchMedia: fakeMatchMedia(false).matchMedia });
    expect(store.getState()).toEqual({ preference: 'dark', mode: 'dark' });
  });
});
