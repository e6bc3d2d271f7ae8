// T and the public tables since `offset`, as the worker runs them (db/pull.worker.ts), reported as
// events: progress, then T or the error (the rows never cross: each table written is announced on
// Dexie's channel, which the main thread's live queries and memory cache follow). Each page is put
// in one go: a worker has no input to keep responsive.
import { RangeSet } from 'dexie';
import { errorMessage, isNetworkError, type Api } from '../api/client';
import type { SyncedTable, WriteItDb } from './db';
import type { PageInput } from '../api/generated/types';
import type { LanguageTable } from './languages';
import { pullOnePage, pullPublicTables, type PullTarget, type StoredPage } from './pagePull';

/** What a public pull reports, in order: progress, then done or error. */
export type PullEvent =
  | { type: 'progress'; table: SyncedTable; rows: number }
  | { type: 'done'; time: number }
  | { type: 'page'; page: StoredPage }
  | { type: 'error'; message: string; network: boolean };

/** The channel on which Dexie 4's contexts tell each other what a write changed. */
export const DEXIE_MUTATIONS_CHANNEL = 'x-storagemutated-1';

/** Tells the app's other contexts (through Dexie's own channel) that `table` changed as a whole:
 * their live queries on it read afresh. Dexie would otherwise send every key a page wrote (for 5000
 * rows, tens of thousands of keys, cloned into the main thread in one 100-200 ms task). */
export function announceTableChanged(db: WriteItDb, table: SyncedTable, channel: Pick<BroadcastChannel, 'postMessage'>): void {
  const all = new RangeSet(-Infinity, [[[]]]);
  const parts: Record<string, RangeSet> = {};
  const indexes = db.table(table).schema.indexes.map((i) => i.name);
  for (const index of ['', ':dels', ...indexes]) parts[`idb://${db.name}/${table}/${index}`] = all;
  channel.postMessage(parts);
}

/** Pulls T and the public tables since `offset` into `db`, reporting to `post`; never rejects. */
export async function runPublicPull(
  deps: PullDeps,
  input: { offset: number; joined: string[]; pageSize: number },
): Promise<void> {
  const { post } = deps;
  try {
    post({ type: 'done', time: await pullPublicTables(workerTarget(deps), input.offset, input.joined, input.pageSize) });
  } catch (err) {
    post({ type: 'error', message: errorMessage(err), network: isNetworkError(err) });
  }
}

/** Pulls and stores one page of a language being added (db/languages.ts); never rejects. */
export async function runPagePull(deps: PullDeps, table: LanguageTable, input: PageInput): Promise<void> {
  try {
    deps.post({ type: 'page', page: await pullOnePage(workerTarget(deps), table, input) });
  } catch (err) {
    deps.post({ type: 'error', message: errorMessage(err), network: isNetworkError(err) });
  }
}

type PullDeps = { db: WriteItDb; api: Api; post: (event: PullEvent) => void; changed?: (table: SyncedTable) => void };

/** Pages put in one go, each table written announced. */
function workerTarget(deps: PullDeps): PullTarget {
  const { db, api, post } = deps;
  return {
    db,
    api,
    put: async (_table, tbl, rows) => {
      await tbl.bulkPut(rows);
    },
    stored: (table) => deps.changed?.(table),
    progress: (table, rows) => post({ type: 'progress', table, rows }),
  };
}
