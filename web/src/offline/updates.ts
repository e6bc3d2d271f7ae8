// SPEC §4/§7: the app checks periodically for a new version. The deployed build's id is in
// /builds/latest.json (written by buildInfoPlugin); when it differs from the running build's id,
// or the service worker has a new version waiting, `useUpdateAvailable()` turns true and the UI
// offers a reload (UpdatePrompt). Reloading activates the waiting service worker first, so the
// reloaded page runs the new build rather than the old precached shell.
import { useSyncExternalStore } from 'react';

/** How often to ask the server for its build (and the service worker for its script). */
export const CHECK_INTERVAL_MS = 10 * 60 * 1000;
/** Focus and coming back online check again, but not more often than this. */
export const MIN_CHECK_GAP_MS = 60 * 1000;
/** How long `applyUpdate` waits for a new service worker to install before a plain reload. */
const SW_INSTALL_WAIT_MS = 10_000;

export const LATEST_URL = '/builds/latest.json';

/** The id of the running build (injected by buildInfoPlugin); undefined in unit tests. */
export function currentBuildId(): string | undefined {
  const id: unknown = import.meta.env.VITE_BUILD_ID;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

interface UpdateState {
  /** The deployed build differs from the running one. */
  newBuild: string | undefined;
  /** A service worker with a new version is installed and waiting. */
  swWaiting: boolean;
  /** The user closed the prompt for this build id (or for the waiting worker: 'sw'). */
  dismissed: string | undefined;
}

let state: UpdateState = { newBuild: undefined, swWaiting: false, dismissed: undefined };
const listeners = new Set<() => void>();

function setState(patch: Partial<UpdateState>) {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True when a new version is available and the prompt was not dismissed for it. */
export function isUpdateAvailable(s: UpdateState = state): boolean {
  const key = s.newBuild ?? (s.swWaiting ? 'sw' : undefined);
  return key !== undefined && key !== s.dismissed;
}

/** React hook: true when the UI should offer "A new version is available — Reload". */
export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isUpdateAvailable(),
    () => false,
  );
}

/** Hides the prompt until a still newer build shows up. */
export function dismissUpdate(): void {
  setState({ dismissed: state.newBuild ?? (state.swWaiting ? 'sw' : undefined) });
}

// The service worker, when registered (index.ts hands these over).
let registration: ServiceWorkerRegistration | undefined;
let skipWaiting: (() => Promise<void>) | undefined;

/** Called by installOffline when the service worker is registered. */
export function setServiceWorker(reg: ServiceWorkerRegistration | undefined, update: () => Promise<void>): void {
  registration = reg;
  skipWaiting = update;
}

/** Called when the service worker reports a new version waiting (registerSW's onNeedRefresh). */
export function markServiceWorkerWaiting(): void {
  setState({ swWaiting: true });
}

/** Asks the server for the deployed build; returns its id, or undefined when unreachable. */
export async function fetchLatestBuildId(fetchImpl: typeof fetch = fetch): Promise<string | undefined> {
  try {
    const res = await fetchImpl(LATEST_URL, { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!res.ok) return undefined;
    const body: unknown = await res.json();
    if (typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'string') {
      return body.id;
    }
  } catch {
    // offline or not JSON: no news
  }
  return undefined;
}

/** One check: compares the deployed build with the running one and nudges the service worker to
 * fetch the new version in the background. Returns true when a new build is deployed. */
export async function checkForUpdate(fetchImpl: typeof fetch = fetch): Promise<boolean> {
  const running = currentBuildId();
  const latest = await fetchLatestBuildId(fetchImpl);
  if (running === undefined || latest === undefined || latest === running) return false;
  if (state.newBuild !== latest) setState({ newBuild: latest });
  registration?.update().catch(() => undefined);
  return true;
}

/** Starts the periodic check (every 10 min, and on focus / back online at most once a minute).
 * Returns a function that stops it. */
export function startUpdateChecks(options: { intervalMs?: number; fetch?: typeof fetch } = {}): () => void {
  const intervalMs = options.intervalMs ?? CHECK_INTERVAL_MS;
  let last = Date.now();
  const run = () => {
    last = Date.now();
    void checkForUpdate(options.fetch);
  };
  const soon = () => {
    if (document.visibilityState === 'visible' && Date.now() - last >= MIN_CHECK_GAP_MS) run();
  };
  const timer = window.setInterval(run, intervalMs);
  window.addEventListener('focus', soon);
  window.addEventListener('online', soon);
  document.addEventListener('visibilitychange', soon);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('focus', soon);
    window.removeEventListener('online', soon);
    document.removeEventListener('visibilitychange', soon);
  };
}

function waitForWaitingWorker(timeoutMs: number): Promise<boolean> {
  if (state.swWaiting) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => {
      unsubscribe();
      resolve(false);
    }, timeoutMs);
    const unsubscribe = subscribe(() => {
      if (state.swWaiting) {
        window.clearTimeout(timer);
        unsubscribe();
        resolve(true);
      }
    });
  });
}

/** Reloads into the new version: activates a waiting service worker (the page reloads when it
 * takes control), else waits briefly for one that is installing, else reloads plainly. */
export async function applyUpdate(): Promise<void> {
  if (registration && skipWaiting) {
    if (!state.swWaiting) {
      await registration.update().catch(() => undefined);
    }
    if (await waitForWaitingWorker(SW_INSTALL_WAIT_MS)) {
      await skipWaiting();
      // The 'controlling' event reloads the page; reload anyway should it not come.
      window.setTimeout(() => window.location.reload(), 3000);
      return;
    }
  }
  window.location.reload();
}

/** For tests: back to the initial state. */
export function resetUpdateState(): void {
  state = { newBuild: undefined, swWaiting: false, dismissed: undefined };
  registration = undefined;
  skipWaiting = undefined;
  for (const l of listeners) l();
}
