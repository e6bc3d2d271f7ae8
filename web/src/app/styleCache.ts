// The emotion cache of left-to-right pages, with the styles of the last visit restored before the
// first render. MUI still works out each element's class while rendering, but compiling a style
// (stylis) and inserting its rule are skipped for a class the cache already holds, which on a warm
// start is nearly every style of the first page (make bench: warm offline start).
// The styles are kept in localStorage per build: class names are hashes of the styles, so within
// a build a name always stands for the same rules, and a new build starts afresh.
import createCache, { type EmotionCache } from '@emotion/cache';

/** localStorage key of the saved styles. */
export const STYLE_CACHE_KEY = 'styleCache';
/** The cache's key: the prefix of its class names and of its style elements' data-emotion. */
const CACHE_KEY = 'wi';
/** Saved styles above this size (characters) are not kept: the first page's are ~50 KB. */
const MAX_CHARS = 512 * 1024;

interface SavedStyles {
  build: string;
  names: string[];
  css: string;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storageOrNull(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // access denied (privacy settings)
  }
}

const currentBuild = (): string => String(import.meta.env.VITE_BUILD_ID ?? 'dev');

/** Puts the saved styles of this build in a style element that emotion's createCache adopts: its
 * names count as inserted. Anything unreadable is dropped. */
export function restoreStyles(doc: Document, storage: Storage | null, build: string, key = CACHE_KEY): number {
  const raw = storage?.getItem(STYLE_CACHE_KEY);
  if (!raw) return 0;
  try {
    const saved = JSON.parse(raw) as Partial<SavedStyles>;
    if (saved.build !== build || !Array.isArray(saved.names) || typeof saved.css !== 'string') throw new Error('stale');
    const names = saved.names.filter((n): n is string => typeof n === 'string' && /^[\w-]+$/.test(n));
    const style = doc.createElement('style');
    style.setAttribute('data-emotion', `${key} ${names.join(' ')}`);
    style.textContent = saved.css;
    doc.head.appendChild(style);
    return names.length;
  } catch {
    storage?.removeItem(STYLE_CACHE_KEY);
    return 0;
  }
}

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

function createLtrCache(): EmotionCache {
  const storage = storageOrNull();
  const build = currentBuild();
  if (typeof document !== 'undefined') restoreStyles(document, storage, build);
  const cache = createCache({ key: CACHE_KEY });
  if (typeof window !== 'undefined') {
    const save = () => saveStyles(cache, storage, build);
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
