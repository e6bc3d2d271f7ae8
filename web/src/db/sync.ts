// The sync engine (SPEC §4, DESIGN §4, docs/sync.md):
//   a flag prevents concurrent syncs (a second call joins the running one), and a lock
//   (db/syncLock.ts) keeps every push and sync of every tab apart (a push waits for a running pull);
//   push the outbox; T = getServerTime() (batched with the first page's request, answered first);
//   read lastSync (localStorage, 0 when absent);
//   pull the languages table, the decks, entries and characters of the joined languages
//   (db/languages.ts), then (signed in) each user table, every page bounded by T: pages of
//   `pageSize` rows with the `after` cursor until a short page, each page stored in ONE
//   transaction (db/pagePull.ts); store T as lastSync. Then each studied language not joined yet
//   is added: its tables from 0 up to lastSync, one page per turn of the lock (so pushes and
//   regular syncs go on between its pages), its cursor stored after each page, until it joins.
// In the app, T and the public tables (the bulk of a first sync) are pulled in a worker
// (db/workerPull.ts), which puts each page in one go; the user tables, and the public ones where
// there is no worker, are pulled here in time-sized chunks (putInChunks), so no long task blocks
// input.
// Pulled rows never overwrite a row that a pending outbox item wrote locally (db/ledger.ts).
import { useSyncExternalStore } from 'react';
import type { Table } from 'dexie';
import { apiUrl, createApi, errorMessage, isNetworkError, type Api } from '../api/client';
import { sessionStore, type Session, type SessionStore } from '../session/session';
import { SNAPSHOTS_KEY } from '../app/snapshot/restore';
import { safeLocalStorage } from '../app/safeLocalStorage';
import { cache as appCache, type EntityCache } from './cache';
import {
  LAST_SYNC_KEY,
  db as appDb,
  PUBLIC_TABLES,
  USER_TABLES,
  type OutboxItem,
  type SyncedTable,
  type TableRows,
  type WriteItDb,
} from './db';
import {
  countOutbox,
  discardRefused as discardRefusedItem,
  flushOutbox,
  listRefusedItems,
  countUserItems,
  dropUserItems,
  heldRows,
  listRefused,
  requeueRefused,
  requeueForBuild,
  type FlushOutcome,
  type RefusedChange,
} from './outbox';
import { rowId } from './ledger';
import { CHARACTER_PAGE_SIZE, PAGE_SIZE, pageLimit, pullOnePage, pullPublicTables, pullTable, type PageBounds, type PullTarget, type StoredPage } from './pagePull';
import { browserLock, type RunExclusive } from './syncLock';
import { PullUnavailable, workerPulls, type PagePull, type PublicPull } from './workerPull';
import type { ContentKind, LanguageCounts, PageInput } from '../api/generated/types';
import { languageCodeStore } from '../app/languageCode';
import {
  afterPage,
  emptyLanguageState,
  joinedLanguages,
  nextPull,
  readLanguageState,
  removalBlock,
  studiedLanguages,
  upgradedState,
  writeLanguageState,
  LANGUAGE_TABLES,
  type Hold,
  type LanguageState,
  type LanguageTable,
} from './languages';
import { dropLanguageRows, followedLanguages, languageSize, languagesWithRows } from './languageRows';
import { clearJournal, held } from './journal';
import { syncErrorKind, type SyncErrorKind } from './syncError';

/** The sync marker (SPEC §3, §9); defined beside the database so pages can tell a first visit. */
export { LAST_SYNC_KEY };
/** Whose user tables the local data holds ('' for nobody): a different user (or the first sync
 * after signing in) pulls the user tables from 0, whatever lastSync says. */
export const LAST_SYNC_USER_KEY = 'lastSyncUser';
export { PAGE_SIZE, CHARACTER_PAGE_SIZE };

export type SyncStatus = 'idle' | 'syncing' | 'offline' | 'error';

export interface SyncState {
  status: SyncStatus;
  /** While syncing: the table being pulled and the rows received for it so far. */
  progress?: { table: SyncedTable; rows: number };
  /** While a studied language is being added (db/languages.ts): which, and its rows stored so far
   * (all its tables; the total is not known in advance). */
  adding?: { language: string; rows: number };
  /** Client time (ms) at the end of the last successful sync in this session. */
  lastSyncedAt?: number;
  /** With status 'error': what went wrong (for diagnosis: a learner is told `errorKind`). */
  error?: string;
  /** With status 'error': what went wrong, as the status says it in words. */
  errorKind?: SyncErrorKind;
  /** Mutations waiting to be sent. */
  pending: number;
  /** Mutations the server refused for good (see `refusedMutations`). */
  refused: number;
}

/** Where lastSync lives: localStorage in the app. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function memoryStorage(): KeyValueStorage {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, String(v)),
    removeItem: (k) => void m.delete(k),
  };
}

function defaultStorage(): KeyValueStorage {
  return safeLocalStorage() ?? memoryStorage();
}

const browserOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

export interface SyncDeps {
  db?: WriteItDb;
  api?: Api;
  session?: Pick<SessionStore, 'getSession' | 'onSessionChange'>;
  cache?: EntityCache;
  storage?: KeyValueStorage;
  /** Rows per page (tests use small pages). */
  pageSize?: number;
  /** navigator.onLine by default. */
  isOnline?: () => boolean;
  /** Pulls T and the public tables elsewhere (the app: in a worker, db/workerPull.ts); without
   * it, or once it is unavailable, they are pulled on this thread. */
  publicPull?: PublicPull;
  /** Pulls one page of a language being added elsewhere (the app: in the same worker). */
  pagePull?: PagePull;
  /** The current language (app/languageCode.ts by default): studied, so pulled; a change starts
   * adding it while auto sync runs. */
  language?: { get(): string; subscribe(listener: () => void): () => void };
  /** Held by every push and every sync (db/syncLock.ts): the Web Locks API's origin-wide lock by
   * default; tests give two engines on one database the same lock, as two tabs share one. */
  lock?: RunExclusive;
  /** The running build of the app: VITE_BUILD_ID by default (none in unit tests). Refusals are
   * recorded with it, and those another build got for sending something wrongly are sent again. */
  buildId?: string;
}

/** VITE_BUILD_ID (offline/buildInfoPlugin.ts), undefined where the build defines none. */
function envBuildId(): string | undefined {
  const id: unknown = import.meta.env.VITE_BUILD_ID;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

export interface AutoSyncOptions {
  /** Periodic sync, default 5 minutes. */
  intervalMs?: number;
}

/** The base of the retry delay after a failed push (doubles up to 5 minutes). */
const RETRY_BASE_MS = 2_000;
const RETRY_MAX_MS = 5 * 60_000;

class Aborted extends Error {
  constructor() {
    super('sync aborted: local data was cleared');
    this.name = 'Aborted';
  }
}

export class SyncEngine {
  readonly db: WriteItDb;
  readonly api: Api;
  readonly session: Pick<SessionStore, 'getSession' | 'onSessionChange'>;
  readonly cache: EntityCache;
  readonly storage: KeyValueStorage;
  readonly pageSize: number;
  private readonly isOnline: () => boolean;
  private readonly publicPull: PublicPull | undefined;
  private readonly pagePull: PagePull | undefined;
  private readonly language: { get(): string; subscribe(listener: () => void): () => void };
  /** The running pull of added languages (addLanguages). */
  private adding: Promise<SyncState> | null = null;
  private readonly lock: RunExclusive;
  private readonly buildId: string | undefined;
  /** The refusals of other builds are queued again at this engine's first push (an app start). */
  private requeuedForBuild = false;

  private state: SyncState = { status: 'idle', pending: 0, refused: 0 };
  private readonly listeners = new Set<(s: SyncState) => void>();
  private running: Promise<SyncState> | null = null;
  /** A sync() with the languages it adds after (a call meanwhile joins it). */
  private whole: Promise<SyncState> | null = null;
  private flushing: Promise<FlushOutcome> | null = null;
  private flushAgain = false;
  /** The last push stopped on a server error (not the network): the state says so until one
   * goes through. */
  private pushFailing = false;
  /** Bumped by clearUserData and refresh: a sync that began before stops writing. */
  private epoch = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retries = 0;
  private autoSyncs = 0;
  /** Per table, the rows of a put chunk as the last page's came to (putPage). */
  private readonly chunkRows = new Map<SyncedTable, number>();

  constructor(deps: SyncDeps = {}) {
    this.db = deps.db ?? appDb;
    this.session = deps.session ?? sessionStore;
    this.api =
      deps.api ??
      createApi({ url: apiUrl(), getIdToken: () => sessionStore.getIdToken(), onUnauthorized: (token) => sessionStore.tokenRefused(token) });
    this.cache = deps.cache ?? appCache;
    this.storage = deps.storage ?? defaultStorage();
    this.pageSize = deps.pageSize ?? PAGE_SIZE;
    this.isOnline = deps.isOnline ?? browserOnline;
    this.publicPull = deps.publicPull;
    this.pagePull = deps.pagePull;
    this.language = deps.language ?? languageCodeStore;
    this.lock = deps.lock ?? browserLock();
    this.buildId = deps.buildId ?? envBuildId();
  }

  // ---- state ----

  getState = (): SyncState => this.state;

  /** Calls `cb` on every change of state; returns an unsubscribe. */
  subscribe = (cb: (s: SyncState) => void): (() => void) => {
    this.listeners.add(cb);
    return () => {
      this.listeners.delete(cb);
    };
  };

  private setState(patch: Partial<SyncState>): void {
    const next: SyncState = { ...this.state, ...patch };
    for (const k of Object.keys(next) as (keyof SyncState)[]) if (next[k] === undefined) delete next[k];
    this.state = Object.freeze(next);
    for (const cb of [...this.listeners]) cb(this.state);
  }

  /** Recounts the outbox for the state (after local writes). */
  async updateCounts(): Promise<void> {
    const { pending, refused } = await countOutbox(this.db);
    if (pending !== this.state.pending || refused !== this.state.refused) this.setState({ pending, refused });
  }

  /** lastSync: the server time of the last completed sync; 0 when absent. */
  lastSync(): number {
    const raw = this.storage.getItem(LAST_SYNC_KEY);
    const n = raw === null ? 0 : Number(raw);
    return Number.isFinite(n) && n > 0 ? n : 0;
  }

  /** A sync runs (its regular part, or the languages it adds after). */
  get syncing(): boolean {
    return this.running !== null || this.whole !== null;
  }

  // ---- outbox ----

  /** Pushes queued mutations (joins a running push, then pushes what came in meanwhile). Never
   * rejects: the outcome says what happened. Waits for the lock: a sync running here or in another
   * tab pushes first and pulls after, and its pages must not land over answers that came in
   * meanwhile. */
  flush(): Promise<FlushOutcome> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    // The loop starts on a microtask, so the flag is set before anything can finish.
    const run = Promise.resolve()
      .then(() => this.lock(() => this.flushLoop()))
      .finally(() => {
        this.flushing = null;
        if (this.flushAgain) void this.flush();
      });
    this.flushing = run;
    return run;
  }

  private async flushLoop(): Promise<FlushOutcome> {
    const total: FlushOutcome = { sent: 0, refused: 0 };
    if (!this.requeuedForBuild) {
      this.requeuedForBuild = true;
      // Offline too: they then count as waiting to be sent, not as refused.
      if (this.buildId) await requeueForBuild(this.db, this.buildId).catch(() => 0);
    }
    do {
      this.flushAgain = false;
      if (!this.isOnline()) {
        total.stoppedBy = new TypeError('offline');
        break;
      }
      try {
        const out = await flushOutbox({
          db: this.db,
          api: this.api,
          cache: this.cache,
          signedIn: () => this.session.getSession() !== null,
          build: this.buildId,
        });
        total.sent += out.sent;
        total.refused += out.refused;
        total.stoppedBy = out.stoppedBy;
      } catch (e) {
        total.stoppedBy = e;
      }
      await this.updateCounts().catch(() => undefined);
    } while (this.flushAgain && total.stoppedBy === undefined);
    if (total.stoppedBy === undefined) {
      this.retries = 0;
      // The server answered: no longer offline, nor failing the push.
      if (!this.running && (this.state.status === 'offline' || (this.state.status === 'error' && this.pushFailing))) {
        this.setState({ status: 'idle', error: undefined, errorKind: undefined });
      }
      this.pushFailing = false;
    } else {
      this.flushAgain = false;
      if (!this.running) {
        // A push the server keeps failing holds every change after it: say so, not 'synced'.
        if (isNetworkError(total.stoppedBy)) this.setState({ status: 'offline' });
        else this.setState({ status: 'error', error: errorMessage(total.stoppedBy), errorKind: syncErrorKind(total.stoppedBy) });
      }
      this.pushFailing = !isNetworkError(total.stoppedBy);
      this.scheduleRetry();
    }
    return total;
  }

  /** After a failed push, retry with exponential backoff (only while auto sync runs). */
  private scheduleRetry(): void {
    if (this.autoSyncs === 0 || this.retryTimer !== undefined) return;
    const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** this.retries) * (0.75 + Math.random() * 0.5);
    this.retries++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.flush();
    }, delay);
  }

  /** The mutations the server refused. */
  refusedMutations(): Promise<OutboxItem[]> {
    return listRefusedItems(this.db);
  }

  /** The refused mutations as the app lists them (named after what they changed). */
  refusedChanges(): Promise<RefusedChange[]> {
    return listRefused(this.db);
  }

  /** Sends a refused mutation again (at the end of the queue). */
  async retryRefused(seq: number): Promise<void> {
    await requeueRefused(this.db, seq);
    await this.updateCounts();
    void this.flush();
  }

  /** Forgets a refused mutation. */
  async discardRefused(seq: number): Promise<void> {
    await discardRefusedItem(this.db, seq);
    await this.updateCounts();
  }

  /** After a local write: count it, and push it now if online (without waiting). */
  kick(): void {
    void this.updateCounts()
      .catch(() => undefined)
      .then(() => {
        if (this.isOnline()) void this.flush();
      });
  }

  // ---- sync ----

  /** Syncs now, or joins the sync already running. Never rejects: the returned state (also
   * published to subscribers) says how it went. */
  sync(): Promise<SyncState> {
    // A regular sync running: join it (and the languages it adds after). While only languages are
    // being added, a new regular sync runs between their pages (the lock keeps them apart).
    if (this.running) return this.whole ?? this.running;
    // Then the studied languages not joined yet (addLanguages), a page per turn of the lock.
    const run = this.exclusive(() => this.pull()).then((s) => (s.status === 'idle' ? this.addLanguages() : s));
    this.whole = run;
    void run.finally(() => {
      if (this.whole === run) this.whole = null;
    });
    return run;
  }

  /** Syncs to pick up a change just made on the server by other means (an import): a sync
   * already running may have read past it, so this one runs after it rather than joining it. */
  syncAfter(): Promise<SyncState> {
    return this.running ? this.running.then(() => this.sync()) : this.sync();
  }

  /** Clears the ten tables (but the rows that queued mutations wrote: the pull would not
   * bring them back while their mutation waits), the caches and lastSync, then syncs. Skipped
   * (false) while a sync runs, and while offline (clearing then would leave nothing to show). */
  async refresh(): Promise<boolean> {
    if (this.running) return false;
    if (!this.isOnline()) {
      this.setState({ status: 'offline' });
      return false;
    }
    await this.exclusive(async () => {
      this.epoch++;
      const tables = [...PUBLIC_TABLES, ...USER_TABLES];
      await this.db.transaction('rw', [this.db.outbox, ...tables.map((t) => this.db.table(t))], async () => {
        const keep = await heldRows(this.db);
        for (const t of tables) await clearAllBut(this.db.table(t), t, keep);
      });
      this.cache.clear();
      this.storage.removeItem(LAST_SYNC_KEY);
      this.storage.removeItem(LAST_SYNC_USER_KEY);
      this.storage.removeItem(SNAPSHOTS_KEY);
      // No language is held any more (a held row is a pending change's, not a language's); the
      // languages kept offline stay chosen.
      writeLanguageState(this.storage, emptyLanguageState(readLanguageState(this.storage)?.keep));
      await this.pull();
    });
    await this.addLanguages();
    return true;
  }

  /** Before a sign-out: how many of the user's changes are not on the server (queued, or
   * refused), pushing them first when there are any and the device is online.
   * Signing out deletes them from this device, so the app asks first. */
  async unsentUserChanges(): Promise<number> {
    if ((await countUserItems(this.db)) === 0) return 0;
    if (this.isOnline()) await this.flush();
    return countUserItems(this.db);
  }

  /** The learner's changes on this device not on the server (queued or refused, and answers
   * not yet stored), without trying to send them: what a session that ended left behind. */
  async localUserChanges(): Promise<number> {
    return (await countUserItems(this.db)) + held().length;
  }

  /** On sign-out: clears the user tables, the queued user mutations and lastSync (so the next
   * sync pulls everything again); a sync running meanwhile stops writing. */
  async clearUserData(): Promise<void> {
    this.epoch++;
    await this.db.transaction('rw', [this.db.outbox, ...USER_TABLES.map((t) => this.db.table(t))], async () => {
      for (const t of USER_TABLES) await this.db.table(t).clear();
      await dropUserItems(this.db);
    });
    this.cache.clear(USER_TABLES);
    // Answers journaled and not yet stored go with the user's data (db/journal.ts).
    clearJournal();
    this.storage.removeItem(LAST_SYNC_KEY);
    this.storage.removeItem(LAST_SYNC_USER_KEY);
    // The page snapshots show the user's data (app/snapshot).
    this.storage.removeItem(SNAPSHOTS_KEY);
    await this.updateCounts();
  }

  /** Runs `body` holding the sync flag and the lock; maps failures to the state. */
  private exclusive(body: () => Promise<void>): Promise<SyncState> {
    // The body starts on a microtask, so the flag is set before anything can finish.
    const run = Promise.resolve().then(async (): Promise<SyncState> => {
      let resync: boolean;
      try {
        resync = await this.lock(() => this.runBody(body));
      } finally {
        this.running = null;
      }
      await this.updateCounts().catch(() => undefined);
      if (resync) void this.sync();
      return this.state;
    });
    this.running = run;
    return run;
  }

  /** The body of `exclusive`, holding the lock; maps failures to the state. Resolves true when
   * what cut the body short (sign-in, sign-out, refresh) wants a sync of its own. */
  private async runBody(body: () => Promise<void>): Promise<boolean> {
    try {
      if (!this.isOnline()) {
        this.setState({ status: 'offline', progress: undefined });
        return false;
      }
      this.setState({ status: 'syncing', progress: undefined, error: undefined, errorKind: undefined });
      await body();
      this.setState({ status: 'idle', progress: undefined, lastSyncedAt: Date.now() });
    } catch (e) {
      if (e instanceof Aborted) {
        this.setState({ status: 'idle', progress: undefined });
        return this.autoSyncs > 0;
      }
      if (isNetworkError(e) || !this.isOnline()) this.setState({ status: 'offline', progress: undefined });
      else this.setState({ status: 'error', progress: undefined, error: errorMessage(e), errorKind: syncErrorKind(e) });
    }
    return false;
  }

  /** Push, then pull everything changed since lastSync. A failure after local data was cleared
   * or the user changed (say, UNAUTHORIZED for a user table once signed out) is an abort, not an
   * error: the sync it raced with follows. */
  private async pull(): Promise<void> {
    const epoch = this.epoch;
    const user = this.session.getSession()?.userId ?? '';
    try {
      await this.pullAll(epoch);
    } catch (e) {
      if (!(e instanceof Aborted) && (epoch !== this.epoch || (this.session.getSession()?.userId ?? '') !== user)) throw new Aborted();
      throw e;
    }
  }

  private async pullAll(epoch: number): Promise<void> {
    // The lock is held: push here, not through flush(), which would wait for it.
    const pushed = await this.flushLoop();
    const lastSync = this.lastSync();
    const session: Session | null = this.session.getSession();
    const languages = await this.languageState(lastSync, epoch);
    const serverTime = await this.pullPublic(lastSync, joinedLanguages(languages), epoch);
    const owner = session?.userId ?? '';
    if (session) {
      let offset = lastSync;
      if (this.storage.getItem(LAST_SYNC_USER_KEY) !== session.userId) {
        // First sync of this user here: whatever lastSync says, their rows were never pulled.
        offset = 0;
        await this.clearOtherUsersRows(epoch);
      }
      for (const table of USER_TABLES) await this.pullTable(table, { offset, until: serverTime }, epoch, owner);
    }
    this.check(epoch, session ? owner : undefined);
    this.storage.setItem(LAST_SYNC_KEY, String(serverTime));
    this.storage.setItem(LAST_SYNC_USER_KEY, owner);
    // Pulled, but changes wait behind one the server failed: the sync ends in that error.
    if (pushed.stoppedBy !== undefined && !isNetworkError(pushed.stoppedBy)) throw pushed.stoppedBy;
  }

  /** Throws Aborted when local data was cleared, or the user changed, since the sync began. */
  private check(epoch: number, userId?: string): void {
    if (epoch !== this.epoch) throw new Aborted();
    if (userId !== undefined && (this.session.getSession()?.userId ?? '') !== userId) throw new Aborted();
  }

  /** Before a first pull for this user: drop user rows that no pending mutation wrote (another
   * user's, or stale); pending ones were pushed just before and come back in the pull. */
  private async clearOtherUsersRows(epoch: number): Promise<void> {
    await this.db.transaction('rw', [this.db.outbox, ...USER_TABLES.map((t) => this.db.table(t))], async () => {
      this.check(epoch);
      const keep = await heldRows(this.db);
      for (const table of USER_TABLES) await clearAllBut(this.db.table(table), table, keep);
    });
  }

  /** T, then the public tables since `lastSync`: in the worker when there is one, else here.
   * Either way the memory cache forgets the rows pulled (it follows the database: db/cache.ts). */
  private async pullPublic(lastSync: number, joined: string[], epoch: number): Promise<number> {
    if (this.publicPull) {
      try {
        const time = await this.publicPull(
          { offset: lastSync, joined, pageSize: this.pageSize },
          { progress: (table, rows) => this.setState({ progress: { table, rows } }) },
        );
        this.check(epoch);
        return time;
      } catch (e) {
        if (!(e instanceof PullUnavailable)) throw e;
      }
    }
    return pullPublicTables(this.target(epoch), lastSync, joined, this.pageSize);
  }

  /** Pulling on this thread: pages put in time-sized chunks (putPage), stopped when local data
   * was cleared or the user changed since the sync began. */
  private target(epoch: number, userId?: string): PullTarget {
    return {
      db: this.db,
      api: this.api,
      put: (t, tbl, rows) => this.putPage(t, tbl, rows),
      check: () => this.check(epoch, userId),
      progress: (t, rows) => this.setState({ progress: { table: t, rows } }),
    };
  }

  private pullTable<T extends SyncedTable>(table: T, bounds: PageBounds, epoch: number, userId?: string): Promise<number> {
    return pullTable(this.target(epoch, userId), table, bounds, pageLimit(table, this.pageSize));
  }

  /** Puts a page's rows in chunks, the first as large as the last page's chunks came to: the time
   * a row costs is learnt once per table, not again on every page. */
  private async putPage<T extends SyncedTable>(table: T, tbl: Table<TableRows[T]>, rows: TableRows[T][]): Promise<void> {
    const next = await putInChunks(tbl, rows, { first: this.chunkRows.get(table) });
    this.chunkRows.set(table, next);
  }

  // ---- languages (db/languages.ts) ----

  /** The languages studied here: the current one, the followed decks', the kept ones. */
  async studiedLanguages(keep = readLanguageState(this.storage)?.keep ?? []): Promise<string[]> {
    return studiedLanguages(this.language.get(), await followedLanguages(this.db), keep);
  }

  /** The language state at the start of a sync (the lock held): a first visit starts with none
   * held; a device synced before languages were tracked holds every one up to lastSync, so its
   * studied ones join and the others' rows are dropped (they would go stale). */
  private async languageState(lastSync: number, epoch: number): Promise<LanguageState> {
    const stored = readLanguageState(this.storage);
    if (stored) return stored;
    if (lastSync === 0) {
      const fresh = emptyLanguageState();
      writeLanguageState(this.storage, fresh);
      return fresh;
    }
    const studied = await this.studiedLanguages([]);
    const others = (await languagesWithRows(this.db)).filter((c) => !studied.includes(c));
    this.check(epoch);
    await dropLanguageRows(this.db, others, studied);
    this.cache.clear(LANGUAGE_TABLES);
    const upgraded = upgradedState(studied);
    writeLanguageState(this.storage, upgraded);
    return upgraded;
  }

  /** Pulls the studied languages not joined yet, a page at a time, each page under the lock (so
   * pushes and regular syncs go on meanwhile), until every one has joined; joins a running pull.
   * Never rejects: the state says how it went. */
  addLanguages(): Promise<SyncState> {
    this.adding ??= this.addLoop().finally(() => {
      this.adding = null;
    });
    return this.adding;
  }

  private async addLoop(): Promise<SyncState> {
    try {
      while (this.isOnline()) {
        // One page per turn of the lock. Local data cleared (or the user changed) during a page:
        // that page is dropped, and the next starts over from the state as it now is.
        const more = await this.lock(() => this.addPage(this.epoch)).catch((e: unknown) => {
          if (e instanceof Aborted) return true;
          throw e;
        });
        if (!more) break;
      }
      this.setState({ adding: undefined });
    } catch (e) {
      this.setState({ adding: undefined });
      if (isNetworkError(e) || !this.isOnline()) this.setState({ status: 'offline' });
      else this.setState({ status: 'error', error: errorMessage(e), errorKind: syncErrorKind(e) });
    }
    return this.state;
  }

  /** One page of the next language to add (db/languages.ts nextPull), of its pass's bounds (a new
   * pass: up to lastSync read under the lock), stored, then its cursor; false when there is nothing to add (or no sync has set
   * lastSync yet). */
  private async addPage(epoch: number): Promise<boolean> {
    this.check(epoch);
    const lastSync = this.lastSync();
    const state = readLanguageState(this.storage);
    if (lastSync === 0 || !state) return false;
    const next = nextPull(state, await this.studiedLanguages(state.keep));
    if (!next) return false;
    this.setState({ adding: { language: next.language, rows: next.rows } });
    // A pass's bound is fixed by its first page (db/languages.ts).
    const pass = { offset: next.offset, until: next.until ?? lastSync };
    const input: PageInput = { ...pass, languages: [next.language], limit: pageLimit(next.table, this.pageSize) };
    if (next.after) input.after = next.after;
    const page = await this.pullLanguagePage(next.table, input, epoch);
    this.check(epoch);
    // Stored after the page: a page stored without its cursor is pulled again, harmlessly.
    const now = readLanguageState(this.storage) ?? state;
    const hold = afterPage(now.held[next.language], next.table, page, pass, this.lastSync());
    now.held[next.language] = hold;
    writeLanguageState(this.storage, now);
    // A language joined lands as a sync does: pages waiting for their rows read again.
    this.setState(hold.joined ? { adding: undefined, lastSyncedAt: Date.now() } : { adding: { language: next.language, rows: hold.rows } });
    return true;
  }

  private async pullLanguagePage(table: LanguageTable, input: PageInput, epoch: number): Promise<StoredPage> {
    if (this.pagePull) {
      try {
        return await this.pagePull(table, input);
      } catch (e) {
        if (!(e instanceof PullUnavailable)) throw e;
      }
    }
    return pullOnePage(this.target(epoch), table, input);
  }

  /** The languages this device holds, each with its hold, whether it is studied, and why it may
   * not be removed (null: it may). */
  async languagesHeld(): Promise<{ code: string; hold: Hold; studied: boolean; kept: boolean; block: 'current' | 'followed' | null }[]> {
    const state = readLanguageState(this.storage) ?? emptyLanguageState();
    const studied = await this.studiedLanguages(state.keep);
    const followed = await followedLanguages(this.db);
    const current = this.language.get();
    const codes = [...new Set([...Object.keys(state.held), ...studied])].sort();
    return codes.map((code) => ({
      code,
      hold: state.held[code] ?? { joined: false, table: LANGUAGE_TABLES[0], rows: 0 },
      studied: studied.includes(code),
      kept: state.keep.includes(code),
      block: removalBlock(code, current, followed),
    }));
  }

  /** Rows and bytes (as JSON) of a language's decks, entries and characters here. */
  languageSize(code: string): Promise<{ rows: number; bytes: number }> {
    return languageSize(this.db, code);
  }

  /** Keeps `code` offline though not studied now (pulled, and never removed by itself), or not. */
  async keepOffline(code: string, keep: boolean): Promise<void> {
    await this.lock(async () => {
      const state = readLanguageState(this.storage) ?? emptyLanguageState();
      state.keep = keep ? [...new Set([...state.keep, code])] : state.keep.filter((c) => c !== code);
      writeLanguageState(this.storage, state);
    });
    if (keep) void this.sync();
  }

  /** Removes a language not studied (nor kept) from this device: its decks, entries and
   * characters (but rows a pending change holds, and characters a held language's entries write),
   * and its hold. Resolves with the rows deleted; refused (an error) for a studied language. */
  async removeLanguage(code: string): Promise<number> {
    return this.lock(async () => {
      const state = readLanguageState(this.storage) ?? emptyLanguageState();
      state.keep = state.keep.filter((c) => c !== code);
      const studied = await this.studiedLanguages(state.keep);
      if (studied.includes(code)) throw new Error(`${code} is studied here: it cannot be removed`);
      const keep = [...new Set([...Object.keys(state.held), ...studied])].filter((c) => c !== code);
      const deleted = await dropLanguageRows(this.db, [code], keep);
      this.cache.clear(LANGUAGE_TABLES);
      const held = { ...state.held };
      delete held[code];
      writeLanguageState(this.storage, { held, keep: state.keep });
      return deleted;
    });
  }

  // ---- triggers ----

  /** Syncs now, when the browser comes online, when the window regains focus or becomes
   * visible, when the user changes, and every `intervalMs`; returns a stop function. */
  startAutoSync({ intervalMs = 5 * 60_000 }: AutoSyncOptions = {}): () => void {
    this.autoSyncs++;
    const kick = () => void this.sync();
    const onVisible = () => {
      if (typeof document === 'undefined' || document.visibilityState === 'visible') kick();
    };
    const offline = () => this.setState({ status: 'offline' });
    const hasWindow = typeof window !== 'undefined' && typeof window.addEventListener === 'function';
    if (hasWindow) {
      window.addEventListener('online', kick);
      window.addEventListener('offline', offline);
      window.addEventListener('focus', kick);
    }
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
    // A sync running when the user changes may have read the old session: sync again after it.
    const unsubscribe = this.session.onSessionChange(() => void this.syncAfter());
    // Another current language: add it now (the regular sync first, then its pages).
    const unlanguage = this.language.subscribe(kick);
    const timer = setInterval(kick, intervalMs);
    void this.updateCounts().catch(() => undefined);
    kick();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      this.autoSyncs--;
      clearInterval(timer);
      unsubscribe();
      unlanguage();
      if (hasWindow) {
        window.removeEventListener('online', kick);
        window.removeEventListener('offline', offline);
        window.removeEventListener('focus', kick);
      }
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
      if (this.autoSyncs === 0 && this.retryTimer !== undefined) {
        clearTimeout(this.retryTimer);
        this.retryTimer = undefined;
      }
    };
  }
}

/** Deletes every row of `table` but those whose `table/key` is in `keep` (inside a transaction). */
async function clearAllBut(tbl: Table, table: SyncedTable, keep: ReadonlySet<string>): Promise<void> {
  if (![...keep].some((id) => id.startsWith(`${table}/`))) {
    await tbl.clear();
    return;
  }
  const keys = (await tbl.toCollection().primaryKeys()) as string[];
  await tbl.bulkDelete(keys.filter((k) => !keep.has(rowId(table, k))));
}

/** Rows per bulkPut inside a page's transaction, at most. Putting a row costs the main thread its
 * structured clone and the message to the database (50-200 µs for an entry, by machine), so a page
 * of 5000 in one go would block input for a quarter of a second or more; in chunks, each is a task
 * of its own and the event loop runs between them. */
export const PUT_CHUNK = 250;
/** About this many bytes of rows (as JSON) in a chunk at most: the clone costs in proportion to the
 * size, and characters with their strokes are ~1-3 KB a row, not an entry's ~250 bytes. */
export const PUT_CHUNK_BYTES = 64 * 1024;
/** The main thread's time for the puts of one task (ms); a chunk is sized to half of it from what
 * the ones before took, so no task is a long one on a slow machine (Lighthouse counts a task over
 * 50 ms at a phone's 4x slower CPU as blocking: 8 ms here is 32 ms there). */
export const PUT_CHUNK_MS = 8;
/** Chunks issued and not yet stored, at most: the database's queue while the main thread is busy. */
export const PUT_CHUNKS_IN_FLIGHT = 4;
/** Rows per chunk however large they are. */
const MIN_PUT_CHUNK = 8;
/** Rows per chunk however slow they seem: every chunk costs a round trip to the database, and on a
 * busy machine (the thread descheduled while it issues a chunk) timing alone would shrink chunks
 * to a few rows and a 3000-row page to hundreds of round trips. */
export const MIN_TIMED_CHUNK = 64;

/** The rows of `rows` that make about PUT_CHUNK_BYTES (over the size of a few of them), within
 * [MIN_PUT_CHUNK, PUT_CHUNK]: no chunk holds more. */
export function chunkSize(rows: readonly unknown[]): number {
  const sample = rows.slice(0, 8);
  if (sample.length === 0) return PUT_CHUNK;
  const rowBytes = JSON.stringify(sample).length / sample.length;
  return Math.max(MIN_PUT_CHUNK, Math.min(PUT_CHUNK, Math.floor(PUT_CHUNK_BYTES / rowBytes)));
}

/** The next chunk's rows after `rows` rows took `spentMs` of the main thread: what fits in
 * `budgetMs`, at most twice or half the last, within [MIN_TIMED_CHUNK, cap] (cap: chunkSize). */
export function nextChunkSize(rows: number, spentMs: number, cap = PUT_CHUNK, budgetMs = PUT_CHUNK_MS): number {
  const fits = spentMs > 0 ? Math.floor((rows * budgetMs) / spentMs) : rows * 2;
  const steady = Math.max(Math.floor(rows / 2), Math.min(rows * 2, fits));
  return Math.min(cap, Math.max(Math.min(MIN_TIMED_CHUNK, cap), steady));
}

export interface PutInChunksOptions<T> {
  /** A fixed number of rows per chunk (tests); by default the first is `first` (else
   * MIN_TIMED_CHUNK), fewer when the rows are large, and the rest are sized by the time the ones
   * before took. */
  size?: number;
  /** The first chunk's rows: what the last page's chunks came to (see the result). */
  first?: number;
  /** Runs on each chunk just before it is put (its time counts in the chunk's budget). */
  beforeChunk?: (rows: readonly T[]) => void;
  /** The clock (tests). */
  now?: () => number;
}

/** Stores `rows` in bulkPuts of a few milliseconds each; call inside a transaction (exported for
 * tests). Resolves with the size the next chunk would have had, for the next page's `first`.
 *
 * Chunks can only be issued while the transaction is active: in the task that opened it, or in a
 * request's success event. So the work goes in turns: a turn issues chunks (each about half of
 * PUT_CHUNK_MS) until its PUT_CHUNK_MS are spent or PUT_CHUNKS_IN_FLIGHT are queued, then waits
 * for the oldest chunk to be stored, whose success event starts the next turn. No task does more
 * than about PUT_CHUNK_MS of puts, and a few chunks stay queued, so the database keeps working
 * while the main thread does other things (parsing the next page). */
export async function putInChunks<T>(tbl: Table<T>, rows: T[], options: PutInChunksOptions<T> = {}): Promise<number> {
  const now = options.now ?? (() => performance.now());
  const cap = chunkSize(rows);
  let size = options.size ?? Math.min(options.first ?? MIN_TIMED_CHUNK, cap);
  const inFlight: Promise<unknown>[] = [];
  let i = 0;
  while (i < rows.length) {
    const turn = now();
    do {
      const chunk = rows.slice(i, i + size);
      const started = now();
      options.beforeChunk?.(chunk);
      inFlight.push(tbl.bulkPut(chunk));
      // Dexie issues the chunk's requests synchronously inside an active transaction, so this is
      // the main thread's cost of the chunk.
      if (options.size === undefined) size = nextChunkSize(chunk.length, now() - started, cap, PUT_CHUNK_MS / 2);
      i += chunk.length;
    } while (i < rows.length && inFlight.length < PUT_CHUNKS_IN_FLIGHT && now() - turn < PUT_CHUNK_MS);
    if (i < rows.length) await inFlight.shift();
  }
  await Promise.all(inFlight);
  return size;
}

export function createSyncEngine(deps: SyncDeps = {}): SyncEngine {
  return new SyncEngine(deps);
}

// ---- the app's engine ----

let appEngine: SyncEngine | undefined;

/** The app's sync engine (the app's db, API, session, caches and localStorage). */
export function syncEngine(): SyncEngine {
  const pulls = workerPulls();
  appEngine ??= new SyncEngine({ publicPull: pulls?.publicPull, pagePull: pulls?.pagePull });
  return appEngine;
}

/** Syncs now (or joins the running sync). */
export const sync = (): Promise<SyncState> => syncEngine().sync();
/** Syncs after the running sync, if any (for changes made on the server by other means). */
export const syncAfter = (): Promise<SyncState> => syncEngine().syncAfter();
/** Clears local data and syncs again; false when skipped (a sync runs, or offline). */
export const refresh = (): Promise<boolean> => syncEngine().refresh();
/** Pushes the outbox now. */
export const flush = (): Promise<FlushOutcome> => syncEngine().flush();
/** The changes the server refused, named for the list in the settings. */
export const refusedChanges = (): Promise<RefusedChange[]> => syncEngine().refusedChanges();
/** Sends a refused change again. */
export const retryRefused = (seq: number): Promise<void> => syncEngine().retryRefused(seq);
/** Forgets a refused change. */
export const discardRefused = (seq: number): Promise<void> => syncEngine().discardRefused(seq);
/** Before a sign-out: the user's changes not on the server, after trying to push them. */
export const unsentUserChanges = (): Promise<number> => syncEngine().unsentUserChanges();
/** The user's changes on this device not on the server, without pushing them. */
export const localUserChanges = (): Promise<number> => syncEngine().localUserChanges();
/** On sign-out: forget the user's rows, queued mutations and lastSync. */
export const clearUserData = (): Promise<void> => syncEngine().clearUserData();
/** Starts the sync triggers; returns a stop function. */
export const startAutoSync = (opts?: AutoSyncOptions): (() => void) => syncEngine().startAutoSync(opts);
export const getSyncState = (): SyncState => syncEngine().getState();
/** The languages this device holds (Settings). */
export const languagesHeld = () => syncEngine().languagesHeld();
/** Rows and bytes of a language here. */
export const languageSizeOf = (code: string) => syncEngine().languageSize(code);
/** Keeps a language offline, or stops keeping it. */
export const keepLanguageOffline = (code: string, keep: boolean): Promise<void> => syncEngine().keepOffline(code, keep);
/** Removes a language not studied from this device; resolves with the rows deleted. */
export const removeLanguage = (code: string): Promise<number> => syncEngine().removeLanguage(code);
export const subscribe = (cb: (s: SyncState) => void): (() => void) => syncEngine().subscribe(cb);
/** The language of a live deck or entry on the server (a link to a row this device does not
 * hold); null when there is none. Asked online, never queued: rejects when the server cannot be
 * reached. */
export const locateContent = async (kind: ContentKind, id: string): Promise<string | null> =>
  (await syncEngine().api.locateContent.query({ kind, id }))?.languageCode ?? null;

/** What the server holds of each language, for the admin languages table (curators only). Asked
 * online, never queued. */
export const queryLanguageCounts = async (): Promise<LanguageCounts[]> => syncEngine().api.queryLanguageCounts.query();

/** The sync state, for React. */
export function useSyncState(): SyncState {
  const engine = syncEngine();
  return useSyncExternalStore(engine.subscribe, engine.getState, engine.getState);
}
