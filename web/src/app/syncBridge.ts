// The one place the shell touches the sync engine (web/src/db/sync.ts, built separately). The
// engine (and with it Dexie) loads lazily, after the first render, through `SyncConnector`, which
// mirrors its state into a small local store read by `useSyncState`.
//
// `standIn` (same signatures, always 'idle') is what tests and a build without the engine use:
// swap the line marked WIRE to go back to it.
import { lazy, useEffect, useSyncExternalStore, type ComponentType } from 'react';

export interface SyncState {
  status: 'idle' | 'syncing' | 'offline' | 'error';
  progress?: { table: string; rows: number };
  lastSyncedAt?: number;
  error?: string;
  pending: number;
}

/** What the shell needs from web/src/db/sync.ts. */
export interface SyncModule {
  useSyncState(): SyncState;
  startAutoSync(): () => void;
  refresh(): Promise<unknown>;
}

const IDLE: SyncState = { status: 'idle', pending: 0 };

export const standIn: SyncModule = {
  useSyncState: () => IDLE,
  startAutoSync: () => () => {},
  refresh: async () => {},
};

/** Loads the sync engine. */
export function loadSyncModule(): Promise<SyncModule> {
  return import('../db/sync'); // WIRE (stand-in): return Promise.resolve(standIn);
}

let current: SyncState = IDLE;
const listeners = new Set<() => void>();

/** Mirrors the engine's state into the bridge (used by SyncConnector; exported for tests). */
export function publishSyncState(state: SyncState): void {
  if (state === current) return;
  current = state;
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The sync engine's state ('idle' until the engine has loaded). */
export function useSyncState(): SyncState {
  return useSyncExternalStore(subscribe, () => current);
}

/** Starts the engine's auto sync; returns the stopper. */
export function startAutoSync(): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  void loadSyncModule().then((m) => {
    if (!stopped) stop = m.startAutoSync();
  });
  return () => {
    stopped = true;
    stop?.();
  };
}

/** Clears the cached tables and lastSync, then syncs (skipped by the engine while a sync runs). */
export async function refresh(): Promise<void> {
  await (await loadSyncModule()).refresh();
}

/**
 * Render once near the root: loads the engine, starts auto sync and mirrors its state.
 * Lazy, so Dexie and the engine stay out of the first chunk.
 */
export const SyncConnector = lazy(async () => {
  const engine = await loadSyncModule();
  const Connector: ComponentType = function SyncConnectorImpl() {
    const state = engine.useSyncState();
    useEffect(() => publishSyncState(state), [state]);
    useEffect(() => engine.startAutoSync(), []);
    return null;
  };
  return { default: Connector };
});
