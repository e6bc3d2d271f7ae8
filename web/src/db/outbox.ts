// The outbox (DESIGN §4, §6): every mutation is written locally and queued here in ONE Dexie
// transaction, so the UI never waits on the network and nothing is lost offline. `flushOutbox`
// replays the queue in `seq` order:
// - acknowledged → removed, and the server's answer (the saved row; for a review, its card:
//   where, the procedures registry says) stored locally, or held as a later item's `before`
//   (db/ledger.ts);
// - refused for good (BAD_REQUEST, FORBIDDEN, CONFLICT, …) → kept out of the queue with why
//   (code, reason, field: db/refusal.ts) and the app's build, the rows it wrote locally put back
//   as the server has them, and the flush goes on; a refusal for something the app sent wrongly is
//   queued again once another build runs (requeueForBuild), the others wait for the learner;
// - network failure or a transient server error → the flush stops, the item stays (retried later).
// Replays are idempotent: inputs carry client-made ids (UUIDv7), saves are upserts, and reviews
// are idempotent by id on the server.
import { TRPCClientError } from '@trpc/client';
import type { Api } from '../api/client';
import { errorCode, errorMessage } from '../api/client';
import type { ErrorCode } from '../api/generated/types';
import { answerOf, isMutation, isUserProcedure, mutate, type MutationInputs, type MutationName } from '../api/procedures';
import type { EntityCache } from './cache';
import {
  PUBLIC_TABLES,
  USER_TABLES,
  type OutboxBefore,
  type OutboxItem,
  type SyncedRow,
  type SyncedTable,
  type TableRows,
  type WriteItDb,
} from './db';
import { baseOf, findQueued, heldRowIds, isPending, isRefused, keyed, REFUSED_STATE, restoreOf, rowId, rowKey, settle, type TableRow } from './ledger';
import { refusalFromData, retriesOnUpdate, type Refusal } from './refusal';

/** Answers that will not change on a retry: the item is refused. Everything else
 * (network failures, UNAUTHORIZED while a token is refreshed, TIMEOUT, TOO_MANY_REQUESTS,
 * INTERNAL_SERVER_ERROR, a malformed answer) stops the flush and is retried. */
export const PERMANENT_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'BAD_REQUEST',
  'FORBIDDEN',
  'CONFLICT',
  'NOT_FOUND',
  'PARSE_ERROR',
  'METHOD_NOT_SUPPORTED',
  'PAYLOAD_TOO_LARGE',
  'UNPROCESSABLE_CONTENT',
]);

class UnknownProcedureError extends Error {
  constructor(procedure: string) {
    super(`Unknown procedure '${procedure}'`);
    this.name = 'UnknownProcedureError';
  }
}

export function isPermanentFailure(e: unknown): boolean {
  if (e instanceof UnknownProcedureError) return true;
  const code = errorCode(e);
  return code !== undefined && PERMANENT_CODES.has(code);
}

/** What the server refused: code, reason and field from the error's data. */
function refusalOf(e: unknown, build: string | undefined): Refusal {
  // A procedure this build does not know was never sent: no code.
  if (e instanceof UnknownProcedureError) return build ? { build } : {};
  return refusalFromData(e instanceof TRPCClientError ? e.data : undefined, build);
}

/** An input as this build sends it: where an older build queued something the server refuses,
 * this is where a later one mends it, so the change goes through when it is sent again. */
export function mendInput(procedure: string, input: unknown): unknown {
  if (procedure !== 'saveUserReview' || typeof input !== 'object' || input === null) return input;
  // Issue 23: builds that sent fractional milliseconds, which the server's integers refuse.
  const review = input as Record<string, unknown>;
  const fractional = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && !Number.isInteger(v);
  if (!fractional(review.durationMs) && !fractional(review.reviewedAt)) return input;
  const mended = { ...review };
  if (fractional(review.durationMs)) mended.durationMs = Math.round(review.durationMs);
  if (fractional(review.reviewedAt)) mended.reviewedAt = Math.round(review.reviewedAt);
  return mended;
}

/** Sends one queued mutation (one this build does not know is refused without being sent). */
function send(api: Api, item: OutboxItem): Promise<unknown> {
  const { procedure } = item;
  if (!isMutation(procedure)) return Promise.reject(new UnknownProcedureError(procedure));
  return mutate(api, procedure, mendInput(procedure, item.input) as MutationInputs[typeof procedure]);
}

/** The row a server answer carries, to store locally, where the registry says it is (SPEC §3:
 * saving a review answers its card, which goes to user cards). */
function answerRows(procedure: string, output: unknown): TableRow[] {
  if (typeof output !== 'object' || output === null || !isMutation(procedure)) return [];
  const { table, field } = answerOf(procedure);
  const row = (field === undefined ? output : (output as Record<string, unknown>)[field]) as SyncedRow;
  return [{ table, row: keyed(table, row) }];
}

/** Queues a mutation. Call it inside a Dexie 'rw' transaction over `outbox` and the tables the
 * mutation writes, together with the local optimistic write, so both commit or neither does.
 * `before`: the rows the mutation writes locally, as they were before it (see OutboxItem.before).
 * Returns the item's seq. */
export async function enqueue<P extends MutationName>(
  db: WriteItDb,
  procedure: P,
  input: MutationInputs[P],
  before: OutboxBefore[] = [],
): Promise<number> {
  return enqueueItem(db, { procedure, input, queuedAt: Date.now(), attempts: 0, state: 'pending' }, before);
}

/** Adds `item` at the end of the queue with `before`, each row taken from an earlier pending item
 * on the same row where there is one (the server's version is the one that item knows). `queued`:
 * the outbox as read in this transaction, when the caller has it. */
async function enqueueItem(
  db: WriteItDb,
  item: Omit<OutboxItem, 'before'>,
  before: OutboxBefore[],
  queued?: readonly OutboxItem[],
): Promise<number> {
  const base = before.length > 0 ? baseOf(before, queued ?? (await db.outbox.toArray())) : [];
  return db.outbox.add({ ...item, before: base }) as Promise<number>;
}

/** Rows arriving from the server (a pulled page; an answer, with `after` its item's seq), sorted by
 * the ledger against the pending items (after `after`): resolves with the rows to store, and
 * writes the others into the `before` of the items that hold them. Call it inside a 'rw'
 * transaction over `outbox`, in which the caller then stores the rows. */
export async function admitArriving(db: WriteItDb, arriving: readonly TableRow[], after?: number): Promise<TableRow[]> {
  const queued = await (after === undefined ? db.outbox.toArray() : db.outbox.where('seq').above(after).toArray());
  const { store, updated } = settle(arriving, queued);
  if (updated.length > 0) await db.outbox.bulkPut(updated);
  return store;
}

/** `table/key` of the rows pending items wrote, which a clear must keep (inside a transaction
 * over `outbox`). */
export async function heldRows(db: WriteItDb): Promise<Set<string>> {
  return heldRowIds(await db.outbox.toArray());
}

/** Drops the pending item of `procedure` whose input has id `id`, if it is still queued (inside a
 * 'rw' transaction over `outbox`); resolves with whether it was. */
export async function dropQueued(db: WriteItDb, procedure: MutationName, id: string): Promise<boolean> {
  const item = findQueued(await db.outbox.toArray(), procedure, id);
  if (item?.seq === undefined) return false;
  await db.outbox.delete(item.seq);
  return true;
}

/** The learner's own changes not on the server: queued, or refused. */
export async function countUserItems(db: WriteItDb): Promise<number> {
  return (await db.outbox.toArray()).filter((i) => isUserProcedure(i.procedure)).length;
}

/** Forgets the learner's own changes (on sign-out; inside a 'rw' transaction over `outbox`). */
export async function dropUserItems(db: WriteItDb): Promise<void> {
  await db.outbox.filter((i) => isUserProcedure(i.procedure)).delete();
}

/** What a mutation writes locally. */
export interface LocalWrite<T extends SyncedTable = SyncedTable> {
  table: T;
  row: TableRows[T];
}

/** Writes rows locally and queues the mutation, atomically; then caches the rows. The rows must be
 * distinct (one write per row). Inside the transaction, the reads go out together, then the writes
 * together: each wait is a round trip to the browser's database, and an answer waits for this. */
export async function recordMutation<P extends MutationName>(
  db: WriteItDb,
  cache: EntityCache,
  procedure: P,
  input: MutationInputs[P],
  writes: readonly LocalWrite[],
): Promise<number> {
  const tables = [...new Set(writes.map((w) => w.table))].map((t) => db.table(t));
  const keys = writes.map((w) => rowKey(w.table, w.row));
  if (new Set(writes.map((w, i) => rowId(w.table, keys[i]!))).size !== writes.length) throw new Error('recordMutation: one write per row');
  const seq = await db.transaction('rw', [db.outbox, ...tables], async () => {
    const [olds, queued] = await Promise.all([
      Promise.all(writes.map((w, i) => db.table(w.table).get(keys[i]!) as Promise<SyncedRow | undefined>)),
      db.outbox.toArray(),
    ]);
    const before: OutboxBefore[] = writes.map((w, i) => ({ table: w.table, key: keys[i]!, row: olds[i] ?? null }));
    const [added] = await Promise.all([
      enqueueItem(db, { procedure, input, queuedAt: Date.now(), attempts: 0, state: 'pending' }, before, queued),
      ...writes.map((w) => db.table(w.table).put(w.row)),
    ]);
    return added;
  });
  for (const w of writes) cache.put(w.table, [structuredClone(w.row)]);
  return seq;
}

export interface FlushContext {
  db: WriteItDb;
  api: Api;
  cache: EntityCache;
  /** Whether user procedures may be sent (someone is signed in). */
  signedIn: () => boolean;
  /** The running build of the app (VITE_BUILD_ID), recorded with a refusal. */
  build?: string;
}

export interface FlushOutcome {
  /** Items the server acknowledged. */
  sent: number;
  /** Items it refused for good. */
  refused: number;
  /** The error that stopped the flush (network, transient server error); the item stays queued. */
  stoppedBy?: unknown;
}

/** A batch stays well under the server's 2 MiB body limit and its 32 calls. */
const MAX_CHUNK_BYTES = 1 << 20;
const MAX_CHUNK_ITEMS = 32;
const encoder = new TextEncoder();

function takeChunk(items: readonly OutboxItem[]): OutboxItem[] {
  const chunk: OutboxItem[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = encoder.encode(JSON.stringify(item.input) ?? '').length + 16;
    if (chunk.length > 0 && (chunk.length >= MAX_CHUNK_ITEMS || bytes + size > MAX_CHUNK_BYTES)) break;
    chunk.push(item);
    bytes += size;
  }
  return chunk;
}

/** Sends the queued mutations in seq order until the queue is empty or a retryable failure stops
 * it. The calls of a chunk go in one batched request; the server runs them in order. */
export async function flushOutbox(ctx: FlushContext): Promise<FlushOutcome> {
  const outcome: FlushOutcome = { sent: 0, refused: 0 };
  for (;;) {
    const signedIn = ctx.signedIn();
    const queue = (await ctx.db.outbox.toArray()).filter(
      (i) => isPending(i) && (signedIn || !isUserProcedure(i.procedure)),
    );
    if (queue.length === 0) return outcome;
    const chunk = takeChunk(queue);
    const results = await Promise.allSettled(chunk.map((item) => send(ctx.api, item)));
    for (const [i, item] of chunk.entries()) {
      const result = results[i];
      if (!result) break;
      if (result.status === 'fulfilled') {
        await acknowledge(ctx, item, result.value);
        outcome.sent++;
      } else if (isPermanentFailure(result.reason)) {
        await refuse(ctx, item, result.reason);
        outcome.refused++;
      } else {
        // Keep this item and every later one (even those the server took: replays are harmless,
        // and resending them after this one keeps the order of writes).
        await noteAttempt(ctx.db, item, result.reason);
        outcome.stoppedBy = result.reason;
        return outcome;
      }
    }
  }
}

/** Stores the rows of an answer unless a pending item (after `after`) holds them: then each
 * becomes that item's known server version (inside a 'rw' transaction over `outbox` and the
 * rows' tables). Resolves with the rows stored. */
async function putAnswer(db: WriteItDb, rows: readonly TableRow[], after?: number): Promise<TableRow[]> {
  const written = await admitArriving(db, rows, after);
  for (const r of written) await db.table(r.table).put(r.row);
  return written;
}

const tablesOf = (db: WriteItDb, rows: readonly TableRow[]) => [...new Set(rows.map((r) => r.table))].map((t) => db.table(t));

/** Server acknowledged: drop the item, store the answer unless a later item will overwrite that
 * row (then the answer becomes that item's known server version). */
async function acknowledge(ctx: FlushContext, item: OutboxItem, output: unknown): Promise<void> {
  const { db } = ctx;
  const seq = item.seq as number;
  const rows = answerRows(item.procedure, output);
  let written: TableRow[] = [];
  await db.transaction('rw', [db.outbox, ...tablesOf(db, rows)], async () => {
    // Gone: cleared meanwhile (sign-out); its answer is no longer wanted.
    if (!(await db.outbox.get(seq))) return;
    await db.outbox.delete(seq);
    written = await putAnswer(db, rows, seq);
  });
  for (const w of written) ctx.cache.put(w.table, [w.row]);
}

/** Stores the answer of a mutation called directly rather than queued (optimizeUserParameters,
 * which only means something online) as an acknowledged item's answer is stored: where the
 * registry says, unless a pending item holds the row. */
export async function storeAnswer(db: WriteItDb, cache: EntityCache, procedure: MutationName, output: unknown): Promise<void> {
  const rows = answerRows(procedure, output);
  let written: TableRow[] = [];
  await db.transaction('rw', [db.outbox, ...tablesOf(db, rows)], async () => {
    written = await putAnswer(db, rows);
  });
  for (const w of written) cache.put(w.table, [w.row]);
}

/** An answer the server refused for its date (a device clock wildly off before its offset was
 * measured): it stays in the device's history, never taken out for its time (issue 36), and its
 * refusal is listed to try again. */
export function keptDespiteRefusal(item: Pick<OutboxItem, 'procedure'>, refusal: Refusal): boolean {
  return item.procedure === 'saveUserReview' && refusal.field === 'reviewedAt';
}

/** Refused for good: keep the item as refused and put the rows it wrote back as the server has
 * them (unless a later pending item wrote them too, or it is an answer kept despite its date). */
async function refuse(ctx: FlushContext, item: OutboxItem, e: unknown): Promise<void> {
  const { db } = ctx;
  const seq = item.seq as number;
  const tables = [...new Set((item.before ?? []).map((b) => b.table))].map((t) => db.table(t));
  const restored: OutboxBefore[] = [];
  const refusal = refusalOf(e, ctx.build);
  const keep = keptDespiteRefusal(item, refusal);
  await db.transaction('rw', [db.outbox, ...tables], async () => {
    const current = await db.outbox.get(seq);
    if (!current) return;
    const later = await db.outbox.where('seq').above(seq).toArray();
    for (const b of keep ? [] : restoreOf(current, later)) {
      if (b.row) await db.table(b.table).put(b.row);
      else await db.table(b.table).delete(b.key);
      restored.push(b);
    }
    // lastError keeps the server's own words for support (the app shows the refusal's).
    await db.outbox.put({
      ...current,
      state: REFUSED_STATE,
      attempts: current.attempts + 1,
      lastError: errorMessage(e),
      refusal,
    });
  });
  for (const b of restored) {
    if (b.row) ctx.cache.put(b.table, [structuredClone(b.row)]);
    else ctx.cache.delete(b.table, [b.key]);
  }
}

async function noteAttempt(db: WriteItDb, item: OutboxItem, e: unknown): Promise<void> {
  const seq = item.seq as number;
  await db.transaction('rw', db.outbox, async () => {
    const current = await db.outbox.get(seq);
    if (current) await db.outbox.put({ ...current, attempts: current.attempts + 1, lastError: errorMessage(e) });
  });
}

/** Numbers for the sync status. */
export async function countOutbox(db: WriteItDb): Promise<{ pending: number; refused: number }> {
  const items = await db.outbox.toArray();
  const refused = items.filter((i) => isRefused(i)).length;
  return { pending: items.length - refused, refused };
}

/** The mutations the server refused, oldest first (shown to the user: never silently lost). */
export async function listRefusedItems(db: WriteItDb): Promise<OutboxItem[]> {
  return (await db.outbox.toArray()).filter((i) => isRefused(i));
}

/** A change the server refused, as the app lists it: what it was about (an entry's text, a
 * deck's title, a character), why (absent for one refused before refusals were recorded), and
 * when it was made. */
export interface RefusedChange {
  seq: number;
  procedure: string;
  name: string;
  refusal?: Refusal;
  queuedAt: number;
}

/** The refused changes, oldest first, each named after what it changed. */
export async function listRefused(db: WriteItDb): Promise<RefusedChange[]> {
  const out: RefusedChange[] = [];
  for (const item of await listRefusedItems(db)) {
    const change: RefusedChange = { seq: item.seq as number, procedure: item.procedure, name: await changeName(db, item), queuedAt: item.queuedAt };
    if (item.refusal) change.refusal = item.refusal;
    out.push(change);
  }
  return out;
}

async function changeName(db: WriteItDb, item: OutboxItem): Promise<string> {
  const input = (typeof item.input === 'object' && item.input !== null ? item.input : {}) as Record<string, unknown>;
  const str = (key: string): string | undefined => (typeof input[key] === 'string' && input[key] !== '' ? (input[key] as string) : undefined);
  const entryId = str('entryId');
  if (entryId) return (await db.entries.get(entryId))?.text ?? entryId;
  const deckId = str('deckId');
  if (deckId) return (await db.decks.get(deckId))?.title ?? deckId;
  return str('title') ?? str('text') ?? str('value') ?? str('id') ?? '';
}

/** Queues a refused item again, at the end of the queue (inside a transaction over the outbox and
 * its rows' tables). What it would restore if refused again is the rows as they are now (a sync
 * since may have stored newer ones than at its first refusal), or as an earlier pending item on
 * the same row knows them. */
async function requeue(db: WriteItDb, item: OutboxItem): Promise<void> {
  await db.outbox.delete(item.seq as number);
  const { seq: _old, before = [], refusal: _why, ...rest } = item;
  void _old;
  void _why;
  const now: OutboxBefore[] = [];
  for (const b of before) now.push({ ...b, row: ((await db.table(b.table).get(b.key)) as SyncedRow | undefined) ?? null });
  await enqueueItem(db, { ...rest, state: 'pending', attempts: 0, queuedAt: Date.now() }, now);
}

/** Queues a refused item again (the learner's "Try again"). */
export async function requeueRefused(db: WriteItDb, seq: number): Promise<void> {
  const first = await db.outbox.get(seq);
  const tables = [...new Set((first?.before ?? []).map((b) => b.table))].map((t) => db.table(t));
  await db.transaction('rw', [db.outbox, ...tables], async () => {
    const item = await db.outbox.get(seq);
    if (item && isRefused(item)) await requeue(db, item);
  });
}

/** On a start of build `build`: queues again, in their order, the changes refused for something
 * another build sent wrongly (db/refusal.ts retriesOnUpdate), so a build that fixed it sends them.
 * Refused again, they wait for the next build. Returns how many. Atomic: tabs starting together
 * queue each once. */
export async function requeueForBuild(db: WriteItDb, build: string): Promise<number> {
  const due = (i: OutboxItem) => isRefused(i) && retriesOnUpdate(i.refusal) && i.refusal?.build !== build;
  // Every synced table: which ones the items wrote is known only inside the transaction.
  const tables = [...PUBLIC_TABLES, ...USER_TABLES].map((t) => db.table(t));
  return db.transaction('rw', [db.outbox, ...tables], async () => {
    // In seq order (the outbox's key), so they keep their order among themselves.
    const items = (await db.outbox.toArray()).filter(due);
    for (const item of items) await requeue(db, item);
    return items.length;
  });
}

/** Forgets a refused item for good. */
export async function discardRefused(db: WriteItDb, seq: number): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(seq);
    if (item && isRefused(item)) await db.outbox.delete(seq);
  });
}
