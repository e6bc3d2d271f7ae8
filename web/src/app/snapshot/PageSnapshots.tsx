// Render once inside the router: takes down the start's snapshot when the live page is up
// (live.ts), and keeps a snapshot of each browsing page once it has settled, and again when the
// page is left or hidden (capture.ts).
import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { useSyncState } from '../syncBridge';
import { saveStylesNow } from '../styleCache';
import { snapshotAllowed, takeSnapshot } from './capture';
import { contextTheme, snapshotContext } from './restore';
import { liveCommitted, loadingShown, snapshotShown } from './live';

/** How long a page must have been shown before it is kept (ms): its data has been read. */
export const SETTLE_MS = 1000;

/** Elements of <body> besides the app that do not mean an overlay is open. */
const QUIET_BODY_CHILDREN = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'LINK']);

/** Why the page may not be kept now, or null when it may. */
export function notNow(doc: Document, pathname: string): string | null {
  if (!snapshotAllowed(pathname)) return 'page';
  if (snapshotShown(doc)) return 'snapshot shown';
  if (loadingShown()) return 'loading';
  // Only pages from the top: a list scrolled away would be copied with its rows where they were.
  if ((doc.defaultView?.scrollY ?? 0) > 0) return 'scrolled';
  // Right-to-left pages use another style cache, which is not saved.
  if (doc.documentElement.dir === 'rtl') return 'rtl';
  for (const el of Array.from(doc.body.children)) {
    if (el.id !== 'root' && !QUIET_BODY_CHILDREN.has(el.tagName)) return 'overlay'; // a menu, dialog or tooltip
  }
  return null;
}

function capture(pathname: string, search: string): void {
  const root = document.getElementById('root');
  if (!root || notNow(document, pathname) !== null) return;
  let storage: Storage;
  try {
    storage = window.localStorage;
  } catch {
    return; // access denied (privacy settings): nothing is kept
  }
  const env = {
    doc: document,
    storage,
    build: String(import.meta.env.VITE_BUILD_ID ?? 'dev'),
    path: pathname + search,
    matchMedia: (q: string) => window.matchMedia(q),
    language: navigator.language ?? '',
    root,
    now: Date.now(),
  };
  // The theme as stored must be the one shown: stored behind the page's back (another tab), it
  // would file this page's look under the other theme.
  if (contextTheme(snapshotContext(env)) !== (document.documentElement.style.colorScheme || 'light')) return;
  // Every class in the copy must be among the saved styles.
  saveStylesNow();
  takeSnapshot(env);
}

const idle = (cb: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(cb, { timeout: 2000 });
  else setTimeout(cb, 0);
};

export function PageSnapshots() {
  const { pathname, search } = useLocation();
  const { status } = useSyncState();

  useLayoutEffect(() => {
    liveCommitted();
  }, []);

  // Once the page has been up a while, and again after each sync (its data may have changed).
  useEffect(() => {
    if (status === 'syncing' || !snapshotAllowed(pathname)) return;
    const timer = setTimeout(() => idle(() => capture(pathname, search)), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [pathname, search, status]);

  // When the page goes away: what it shows last is what the next start of it would show.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') capture(pathname, search);
    };
    const onPageHide = () => capture(pathname, search);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [pathname, search]);

  return null;
}
