// The start of a page before any of the app's code has loaded: index.html runs this file inline
// (vitePlugin.ts compiles it in, so it imports nothing). It restores the last visit's styles of
// this build (the emotion cache adopts them, app/styleCache.ts) and, when the last visit left a
// snapshot of this very page in the same setting, paints it: a still, inert copy of the page as
// it was, shown until the live page has rendered (live.ts takes it down). A warm start shows the
// page at once instead of after React's first render; nothing in it can be clicked or focused.

/** localStorage key of the saved styles (app/styleCache.ts writes them). */
export const STYLE_CACHE_KEY = 'styleCache';
/** The emotion cache's key: the prefix of its class names and of its style elements. */
export const STYLE_CACHE_PREFIX = 'wi';
/** localStorage key of the page snapshots (capture.ts writes them). */
export const SNAPSHOTS_KEY = 'pageSnapshots';
/** When this localStorage key is set, no snapshot is shown or taken (the end-to-end tests, which
 * test the live page, set it; e2e/snapshot.spec.ts tests the snapshots). */
export const SNAPSHOTS_OFF_KEY = 'pageSnapshotsOff';
/** The id of the element that holds a shown snapshot. */
export const SNAPSHOT_ELEMENT_ID = 'snapshot';
/** The id of the style element with a shown snapshot's global rules. */
export const SNAPSHOT_STYLE_ID = 'snapshot-global-css';
/** A snapshot the app has not taken down after this long (ms) goes anyway: the app's code failed
 * to load or start, and a still copy that cannot be used must not stand in for it. */
export const SNAPSHOT_MAX_MS = 15_000;

/** One page's snapshot. */
export interface PageSnapshot {
  /** location.pathname + location.search. */
  path: string;
  /** snapshotContext() when it was taken: shown only in the same one. */
  context: string;
  /** The page's markup (#root's inner HTML, ids removed). */
  html: string;
  /** The page's background colour, for the cover under the copy. */
  background: string;
  /** The global rules (CssBaseline: the body's margin, font, colours), which the style cache
   * does not hold: the live page inserts them itself when it renders. */
  globalCss: string;
  lang: string;
  dir: string;
  /** When it was taken (ms). */
  savedAt: number;
}

/** What the page start knows. */
export interface StartEnv {
  doc: Document;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** The build's id (VITE_BUILD_ID). */
  build: string;
  /** location.pathname + location.search. */
  path: string;
  /** matchMedia, for the dark theme and the mobile layout. */
  matchMedia: ((query: string) => { matches: boolean }) | undefined;
  /** navigator.language: the browser's first language (the locale falls back to it when no
   * cookie says otherwise). */
  language: string;
}

/** Everything a page's look depends on besides its data: the build, the theme as shown, the
 * layout (mobile below lg, 1280 px), the locale's inputs (cookie, browser language), the
 * language code preference and who is signed in. A snapshot is shown only when all are as they
 * were. (The browser's first language, not its list: Chromium has been seen to give the list
 * differently at start and at pagehide.) */
export function snapshotContext(env: StartEnv): string {
  const get = (key: string): string | null => {
    try {
      return env.storage ? env.storage.getItem(key) : null;
    } catch {
      return null;
    }
  };
  const media = (query: string): boolean => {
    try {
      return env.matchMedia ? env.matchMedia(query).matches : false;
    } catch {
      return false;
    }
  };
  const theme = get('theme');
  const dark = theme === 'dark' || (theme !== 'light' && media('(prefers-color-scheme: dark)'));
  let user = '';
  try {
    const auth = JSON.parse(get('auth') || 'null') as { userId?: unknown } | null;
    if (auth && typeof auth.userId === 'string') user = auth.userId;
  } catch {
    // unreadable: as signed out
  }
  let locale = '';
  for (const part of env.doc.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === 'locale') locale = part.slice(eq + 1).trim();
  }
  return JSON.stringify([
    env.build,
    dark ? 'dark' : 'light',
    media('(max-width: 1279.95px)') ? 'mobile' : 'wide',
    locale,
    env.language,
    get('languageCode') || '',
    user,
  ]);
}

/** The theme ('light' or 'dark') a context stands for. */
export function contextTheme(context: string): string {
  try {
    return String((JSON.parse(context) as unknown[])[1]);
  } catch {
    return '';
  }
}

/** The saved snapshots, newest first; [] when none or unreadable. */
export function readSnapshots(storage: StartEnv['storage']): PageSnapshot[] {
  try {
    const raw = storage ? storage.getItem(SNAPSHOTS_KEY) : null;
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(list) ? (list as PageSnapshot[]) : [];
  } catch {
    return [];
  }
}

/** Puts the saved styles of this build in a style element that emotion's createCache adopts (its
 * names count as inserted); drops them when they are of another build or unreadable. The number
 * of style names restored. */
export function restoreStyles(env: Pick<StartEnv, 'doc' | 'storage' | 'build'>, key = STYLE_CACHE_PREFIX): number {
  const storage = env.storage;
  try {
    const raw = storage ? storage.getItem(STYLE_CACHE_KEY) : null;
    if (!raw) return 0;
    const saved = JSON.parse(raw) as { build?: unknown; names?: unknown; css?: unknown };
    if (saved.build !== env.build || !Array.isArray(saved.names) || typeof saved.css !== 'string') throw new Error('stale');
    const names = (saved.names as unknown[]).filter((n): n is string => typeof n === 'string' && /^[\w-]+$/.test(n));
    const style = env.doc.createElement('style');
    style.setAttribute('data-emotion', key + ' ' + names.join(' '));
    style.textContent = saved.css;
    env.doc.head.appendChild(style);
    return names.length;
  } catch {
    try {
      if (storage) storage.removeItem(STYLE_CACHE_KEY);
    } catch {
      // nothing to do
    }
    return 0;
  }
}

/** Shows this page's snapshot, if the last visit left one in this context; true when shown. Needs
 * the styles restored (a snapshot is only taken with its styles saved). */
export function restoreSnapshot(env: StartEnv): boolean {
  try {
    if (!env.storage || env.storage.getItem(SNAPSHOTS_OFF_KEY) !== null) return false;
    const root = env.doc.getElementById('root');
    if (!root || root.firstChild || !root.parentNode) return false;
    const context = snapshotContext(env);
    const shot = readSnapshots(env.storage).find((s) => s && s.path === env.path && s.context === context);
    if (!shot || typeof shot.html !== 'string') return false;
    if (typeof shot.globalCss === 'string' && shot.globalCss) {
      const style = env.doc.createElement('style');
      style.id = SNAPSHOT_STYLE_ID;
      style.textContent = shot.globalCss;
      env.doc.head.appendChild(style);
    }
    const cover = env.doc.createElement('div');
    cover.id = SNAPSHOT_ELEMENT_ID;
    cover.setAttribute('aria-hidden', 'true');
    // Over the live page, which renders underneath; clicks land on the cover and go nowhere.
    cover.setAttribute(
      'style',
      'position:fixed;inset:0;z-index:1600;overflow:hidden;background-color:' + String(shot.background || 'transparent'),
    );
    const copy = env.doc.createElement('div');
    copy.setAttribute('inert', '');
    copy.innerHTML = shot.html;
    cover.appendChild(copy);
    root.parentNode.insertBefore(cover, root);
    setTimeout(() => {
      cover.remove();
      const style = env.doc.getElementById(SNAPSHOT_STYLE_ID);
      if (style) style.remove();
    }, SNAPSHOT_MAX_MS);
    if (shot.lang) env.doc.documentElement.lang = shot.lang;
    if (shot.dir) env.doc.documentElement.dir = shot.dir;
    return true;
  } catch {
    return false;
  }
}

/** index.html's start: the styles, then the snapshot. */
export function startPage(env: StartEnv): void {
  restoreStyles(env);
  restoreSnapshot(env);
}
