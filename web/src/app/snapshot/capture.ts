// Taking page snapshots (restore.ts shows them on the next start): once a page has settled, a copy
// of its markup is kept per path with what its look depends on besides its data
// (snapshotContext), so the next start of that page can paint it before the app has rendered.
// Only the learner's browsing pages are kept: practice, forms and admin pages hold state a still
// copy would misstate. Signing in or out forgets them all (live.ts).
import {
  readSnapshots,
  snapshotContext,
  SNAPSHOTS_KEY,
  SNAPSHOTS_OFF_KEY,
  type PageSnapshot,
  type StartEnv,
} from './restore';

/** Pages kept, the most recently seen first. */
export const MAX_SNAPSHOTS = 6;
/** A page's markup above this size (characters) is not kept: a list page is ~15-40 KB. */
export const MAX_SNAPSHOT_CHARS = 256 * 1024;

const SNAPSHOT_PATHS: readonly RegExp[] = [
  /^\/$/,
  /^\/home$/,
  /^\/decks$/,
  /^\/entries$/,
  /^\/cards$/,
  /^\/decks\/[^/]+$/,
  /^\/entries\/[^/]+$/,
  /^\/decks\/[^/]+\/entries\/[^/]+$/,
];

/** Whether the page at `pathname` may be kept. */
export function snapshotAllowed(pathname: string): boolean {
  return SNAPSHOT_PATHS.some((re) => re.test(pathname));
}

/** The markup of `root` worth keeping: ids removed (they would clash with the live page's while
 * both are in the document), ripples and anything marked `data-no-snapshot` left out. */
export function snapshotMarkup(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  copy.querySelectorAll('[data-no-snapshot], .MuiTouchRipple-child').forEach((n) => n.remove());
  copy.querySelectorAll('[id]').forEach((n) => n.removeAttribute('id'));
  copy.querySelectorAll('[autofocus]').forEach((n) => n.removeAttribute('autofocus'));
  return copy.innerHTML;
}

/** The rules of the document's global style elements (emotion's Global: CssBaseline). */
export function globalRules(doc: Document): string {
  let css = '';
  doc.querySelectorAll('style[data-emotion*="-global"]').forEach((el) => {
    const sheet = (el as HTMLStyleElement).sheet;
    // Rules added with insertRule (production) are only in the sheet.
    css += sheet && sheet.cssRules.length > 0 ? Array.from(sheet.cssRules, (r) => r.cssText).join('') : (el.textContent ?? '');
  });
  return css;
}

export interface CaptureEnv extends StartEnv {
  root: Element;
  now: number;
}

/** Keeps a snapshot of the page in `env.root` for `env.path`; false when it is not kept (turned
 * off, too large, storage full). */
export function takeSnapshot(env: CaptureEnv): boolean {
  const storage = env.storage;
  if (!storage) return false;
  try {
    if (storage.getItem(SNAPSHOTS_OFF_KEY) !== null) return false;
  } catch {
    return false;
  }
  const html = snapshotMarkup(env.root);
  if (html.length === 0 || html.length > MAX_SNAPSHOT_CHARS) return false;
  const view = env.doc.defaultView;
  const shot: PageSnapshot = {
    path: env.path,
    context: snapshotContext(env),
    html,
    background: view ? view.getComputedStyle(env.doc.body).backgroundColor : '',
    globalCss: globalRules(env.doc),
    lang: env.doc.documentElement.lang,
    dir: env.doc.documentElement.dir,
    savedAt: env.now,
  };
  const others = readSnapshots(storage).filter((s) => s && s.path !== env.path);
  // On a full storage, keep fewer of the others rather than none of this one.
  for (let keep = MAX_SNAPSHOTS - 1; keep >= 0; keep--) {
    try {
      storage.setItem(SNAPSHOTS_KEY, JSON.stringify([shot, ...others.slice(0, keep)]));
      return true;
    } catch {
      // quota: try with fewer
    }
  }
  return false;
}

/** Forgets every snapshot. */
export function clearSnapshots(storage: StartEnv['storage']): void {
  try {
    storage?.removeItem(SNAPSHOTS_KEY);
  } catch {
    // nothing kept then either
  }
}
