// The one door from the app to the sync engine (web/src/db/sync.ts, built separately): pages and
// features read its state and act on it here, and write through db/mutations.ts. The
// engine (and with it Dexie) loads in its own chunk, started by main.tsx before the first render,
// which also starts auto sync once it is here; `SyncConnector` mirrors the engine's state into a
// small local store read by `useSyncState`.
import { createElement, useEffect, useState, useSyncExternalStore } from 'react';
import type { ContentKind, LanguageCounts } from '../api/generated/types';
import type { RefusedChange } from '../db/outbox';
import type { SyncErrorKind } from '../db/syncError';

export type { RefusedChange };
import { loadAuth } from '../session/authBridge';
import { held } from '../db/journal';

export interface SyncState {
  status: 'idle' | 'syncing' | 'offline' | 'error';
  progress?: { table: string; rows: number };
  /** A studied language being downloaded (db/languages.ts): which, and its rows so far. */
  adding?: { language: string; rows: number };
  lastSyncedAt?: number;
  error?: string;
  /** What stopped the sync, as the status says it (db/syncError.ts). */
  errorKind?: SyncErrorKind;
  pending: number;
  /** Changes the server refused, held until the user retries or discards them. */
  refused: number;
}

/** What the shell needs from web/src/db/sync.ts. */
export interface SyncModule {
  useSyncState(): SyncState;
  startAutoSync(): () => void;
  refresh(): Promise<unknown>;
  syncAfter(): Promise<unknown>;
  unsentUserChanges(): Promise<number>;
  localUserChanges(): Promise<number>;
  refusedChanges(): Promise<RefusedChange[]>;
  retryRefused(seq: number): Promise<void>;
  discardRefused(seq: number): Promise<void>;
  languagesHeld(): Promise<LanguageHeld[]>;
  languageSizeOf(code: string): Promise<{ rows: number; bytes: number }>;
  keepLanguageOffline(code: string, keep: boolean): Promise<void>;
  removeLanguage(code: string): Promise<number>;
  locateContent(kind: ContentKind, id: string): Promise<string | null>;
  queryLanguageCounts(): Promise<LanguageCounts[]>;
}

/** A language this device holds or studies (Settings › Languages on this device). */
export interface LanguageHeld {
  code: string;
  /** Joined (complete), or being added with its rows so far. */
  hold: { joined: true } | { joined: false; rows: number };
  /** Studied here: the current language, a followed deck's, or kept offline. */
  studied: boolean;
  /** Kept offline by choice. */
  kept: boolean;
  /** Why it cannot be removed: the current language, or a followed deck's; null when it can. */
  block: 'current' | 'followed' | null;
}

const IDLE: SyncState = { status: 'idle', pending: 0, refused: 0 };

/** The engine once loaded. */
let loaded: SyncModule | undefined;

/** Loads the sync engine (main.tsx starts this before the first render). */
export function loadSyncModule(): Promise<SyncModule> {
  // The engine's code loads alongside the auth store's, not after it (a round trip less before the
  // first sync's first request), but the engine is handed out only once the stored session is
  // adopted, so the first sync already pulls the user's tables.
  const engine: Promise<SyncModule> = import('../db/sync');
  const auth = loadAuth().catch(() => undefined);
  return Promise.all([engine, auth]).then(([m]) => (loaded = m));
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

/** A value derived from the sync state (a primitive): the component renders again only when the
 * value changes, not on every progress report of a sync. */
export function useSyncSelector<T extends string | number | boolean | undefined>(select: (state: SyncState) => T): T {
  return useSyncExternalStore(subscribe, () => select(current));
}

/** The app's one auto sync. main.tsx starts it as soon as the engine has loaded, so the first
 * sync (on a first visit, the whole catalogue) need not wait for the first render; SyncConnector
 * starts it if nothing has. Later calls return the same promise. */
let appAutoSync: Promise<void> | undefined;
export function startAppAutoSync(): Promise<void> {
  appAutoSync ??= loadSyncModule().then((m) => {
    m.startAutoSync();
    // Answers a reload or a closed tab cut short are stored at once (db/journal.ts); the study
    // code (and its scheduler) loads only when there are any.
    if (held().length > 0) void import('../study/store').then((s) => s.answersReplayed());
  });
  return appAutoSync;
}

/** Clears the cached tables and lastSync, then syncs (skipped by the engine while a sync runs). */
export async function refresh(): Promise<void> {
  await (await loadSyncModule()).refresh();
}

/** Syncs after the running sync, if any: to pick up a change made on the server by other means
 * (an import). */
export async function syncAfter(): Promise<void> {
  await (await loadSyncModule()).syncAfter();
}

/** The changes the server refused (the settings list them, with retry and discard). */
export async function refusedChanges(): Promise<RefusedChange[]> {
  return (await loadSyncModule()).refusedChanges();
}

/** Sends a refused change again (at the end of the queue). */
export async function retryRefused(seq: number): Promise<void> {
  await (await loadSyncModule()).retryRefused(seq);
}

/** Forgets a refused change for good. */
export async function discardRefused(seq: number): Promise<void> {
  await (await loadSyncModule()).discardRefused(seq);
}

/** The languages on this device, each with its state. */
export async function languagesHeld(): Promise<LanguageHeld[]> {
  return (await loadSyncModule()).languagesHeld();
}

/** Rows and bytes (as JSON) a language's public rows take here. */
export async function languageSizeOf(code: string): Promise<{ rows: number; bytes: number }> {
  return (await loadSyncModule()).languageSizeOf(code);
}

/** Keeps a language offline though not studied now (downloads it), or stops keeping it. */
export async function keepLanguageOffline(code: string, keep: boolean): Promise<void> {
  await (await loadSyncModule()).keepLanguageOffline(code, keep);
}

/** Removes a language not studied from this device; resolves with the rows deleted. */
export async function removeLanguage(code: string): Promise<number> {
  return (await loadSyncModule()).removeLanguage(code);
}

/** The language of a live deck or entry on the server, for a link to one this device does not
 * hold; null when there is none; rejects offline. */
export async function locateContent(kind: ContentKind, id: string): Promise<string | null> {
  return (await loadSyncModule()).locateContent(kind, id);
}

/** What the server holds of each language (curators only); rejects offline or when refused. */
export async function queryLanguageCounts(): Promise<LanguageCounts[]> {
  return (await loadSyncModule()).queryLanguageCounts();
}

/** Before a sign-out: the signed-in user's changes not on the server yet (pushed first). */
export async function unsentUserChanges(): Promise<number> {
  return (await loadSyncModule()).unsentUserChanges();
}

/** The user's changes on this device not on the server, without trying to send them (a session
 * that ended left them; SessionEndedBanner counts them). */
export async function localUserChanges(): Promise<number> {
  return (await loadSyncModule()).localUserChanges();
}

/**
 * Render once near the root: loads the engine (if main.tsx's early load has not yet), starts auto
 * sync and mirrors its state. The engine stays out of the first chunk; this is a plain component,
 * not React.lazy, so React never holds back the first render's reveal for it.
 */
export function SyncConnector() {
  const [engine, setEngine] = useState(loaded);
  useEffect(() => {
    if (engine) return;
    let cancelled = false;
    void loadSyncModule().then((m) => {
      if (!cancelled) setEngine(m);
    });
    return () => {
      cancelled = true;
    };
  }, [engine]);
  return engine ? createElement(EngineConnector, { engine }) : null;
}

function EngineConnector({ engine }: { engine: SyncModule }) {
  const state = engine.useSyncState();
  useEffect(() => publishSyncState(state), [state]);
  useEffect(() => {
    void startAppAutoSync().catch(() => undefined);
  }, []);
  return null;
}
