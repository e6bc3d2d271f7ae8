// T and the public tables since `offset`, as the worker runs them (db/pull.worker.ts), reported as
// events: progress, then T or the error (the rows never cross: each table written is announced on
// Dexie's channel, which the main thread's live queries and memory cache follow). Each page is put
// in one go: a worker has no input to keep responsive.
import { RangeSet } from 'dexie';
import { errorMessage, isNetworkError, type Api } from '../api/client';
import type { SyncedTable, WriteItDb } from './db';
import { pullPublicTables, type PullTarget } from './pagePull';

/** What a public pull reports, in order: progress, then done or error. */
export type PullEvent =
  | { type: 'progress'; table: SyncedTable; rows: number }
  | { type: 'done'; time: number }
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
  deps: { db: WriteItDb; api: Api; post: (event: PullEvent) => void; changed?: (table: SyncedTable) => void },
  input: { offset: number; pageSize: number },
): Promise<void> {
  const { db, api, post } = deps;
  const target: PullTarget = {
    db,
    api,
    put: async (_table, tbl, rows) => {
      await tbl.bulkPut(rows);
    },
    stored: (table) => deps.changed?.(table),
    progress: (table, rows) => post({ type: 'progress', table, rows }),
  };
  try {
    post({ type: 'done', time: await pullPublicTables(target, input.offset, input.pageSize) });
  } catch (err) {
    post({ type: 'error', message: errorMessage(err), network: isNetworkError(err) });
  }
}
