// Taking down a shown snapshot (restore.ts) once the live page can replace it: after the app's
// first commit of a page, as soon as no loading state is on screen (a page still reading its data
// holds the copy, LoadingState does), or MAX_COVER_MS after that commit at the latest; at once on a
// fatal error. Removal happens inside React's commit (layout effects), so the copy and the live
// page swap within one frame.
import { SNAPSHOT_ELEMENT_ID, SNAPSHOT_STYLE_ID } from './restore';

/** The longest a snapshot stays up after the live page's first commit (ms). */
export const MAX_COVER_MS = 1500;

let holds = 0;
let committed = false;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Whether a snapshot is on screen. */
export function snapshotShown(doc: Document = document): boolean {
  return doc.getElementById(SNAPSHOT_ELEMENT_ID) !== null;
}

/** Removes the snapshot and its global rules, if shown. */
export function releaseSnapshot(doc: Document = document): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  const cover = doc.getElementById(SNAPSHOT_ELEMENT_ID);
  if (!cover) return;
  // For make bench (web/offline.mjs): when the live page took over.
  performance.mark('snapshot-released');
  cover.remove();
  doc.getElementById(SNAPSHOT_STYLE_ID)?.remove();
}

function maybeRelease(): void {
  if (committed && holds === 0) releaseSnapshot();
}

/** A loading state is on screen: the snapshot stays until the returned function is called. */
export function holdSnapshot(): () => void {
  holds++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    holds--;
    maybeRelease();
  };
}

/** Whether a loading state is on screen (a page still reading its data). */
export function loadingShown(): boolean {
  return holds > 0;
}

/** The live page has committed its first render. */
export function liveCommitted(): void {
  if (committed) return;
  committed = true;
  performance.mark('live-committed');
  if (snapshotShown()) timer = setTimeout(releaseSnapshot, MAX_COVER_MS);
  maybeRelease();
}

/** Back to the start (tests). */
export function resetLive(): void {
  releaseSnapshot();
  holds = 0;
  committed = false;
}
