// The emotion cache of left-to-right pages, with the styles of the last visit restored before the
// first render (by index.html's start script, snapshot/restore.ts, which this cache adopts). MUI
// still works out each element's class while rendering, but compiling a style (stylis) and
// inserting its rule are skipped for a class the cache already holds, which on a warm start is
// nearly every style of the first page (make bench: warm offline start).
// The styles are kept in localStorage per build: class names are hashes of the styles, so within
// a build a name always stands for the same rules, and a new build starts afresh.
import createCache, { type EmotionCache } from '@emotion/cache';
import { safeLocalStorage } from './safeLocalStorage';
import { STYLE_CACHE_KEY, STYLE_CACHE_PREFIX } from './snapshot/restore';

/** Saved styles above this size (characters) are not kept: the first page's are ~50 KB. */
const MAX_CHARS = 512 * 1024;

interface SavedStyles {
  build: string;
  names: string[];
  css: string;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

const currentBuild = (): string => String(import.meta.env.VITE_BUILD_ID ?? 'dev');

/** Saves the cache's rules and names for the next start of this build. */
export function saveStyles(cache: EmotionCache, storage: Storage | null, build: string): void {
  if (!storage) return;
  let css = '';
  for (const tag of cache.sheet.tags) {
    const sheet = tag.sheet;
    // Rules added with insertRule (production) are only in the sheet; others are text.
    css += sheet ? Array.from(sheet.cssRules, (r) => r.cssText).join('') : (tag.textContent ?? '');
  }
  if (css.length > MAX_CHARS) return;
  const saved: SavedStyles = { build, names: Object.keys(cache.inserted), css };
  try {
    storage.setItem(STYLE_CACHE_KEY, JSON.stringify(saved));
  } catch {
    // quota: the next start compiles its styles, as without a cache
  }
}

let saveNow: () => void = () => undefined;

/** Saves the styles now (with a page snapshot, whose classes must all be saved). */
export function saveStylesNow(): void {
  saveNow();
}

function createLtrCache(): EmotionCache {
  const storage = safeLocalStorage() ?? null;
  const build = currentBuild();
  const cache = createCache({ key: STYLE_CACHE_PREFIX });
  if (typeof window !== 'undefined') {
    const save = () => saveStyles(cache, storage, build);
    saveNow = save;
    // When the page goes away, and once a little after the first page is up (a tab may be killed
    // without a pagehide).
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') save();
    });
    setTimeout(save, 3000);
  }
  return cache;
}

/** The app's emotion cache for left-to-right pages (rtlCache.ts has the other). */
export const ltrCache = createLtrCache();
