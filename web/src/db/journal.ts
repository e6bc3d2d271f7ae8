// The answer journal (issue 36): an answer is kept from the moment its key is pressed. The page
// writes it here, synchronously (local storage), in the key's own event handler before anything
// asynchronous, then stores it in IndexedDB with its outbox item (study/store.ts) and takes it
// out of here once that has committed. An answer whose IndexedDB write a reload or a closed tab
// cut short is still here at the next start, and is stored then (study/store.ts replayAnswers):
// its client-made id makes that harmless if the write had in fact committed. Tiny and without
// dependencies, so every chunk may import it.
import type { CardKind, UserReview, UserTest } from '../api/generated/types';

/** One answer waiting for its IndexedDB write. */
export type JournalEntry =
  /** A review as a rating produced it (review, reading, a graded writing card, a counted test
   * answer). */
  | { kind: 'review'; key: string; review: UserReview }
  /** A test as saved after an answer: the whole row so far. */
  | { kind: 'test'; key: string; test: Omit<UserTest, 'updatedAt' | 'deleted'> }
  /** A writing practice's answer, before its card is read: what to record, under `reviewId`. */
  | { kind: 'entryAnswer'; key: string; answer: EntryAnswer };

export interface EntryAnswer {
  reviewId: string;
  target: { deckId: string; entryId: string; kind: CardKind };
  rating: 1 | 2 | 3 | 4;
  at: number;
  durationMs: number;
  score?: number;
}

export const JOURNAL_KEY = 'answerJournal';
/** Entries kept at most: a journal is emptied within a second of each answer; past this, the
 * oldest are dropped (their IndexedDB write almost surely committed long ago). */
const MAX_ENTRIES = 200;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The entries held, oldest first (an unreadable journal reads as empty). */
export function held(): JournalEntry[] {
  try {
    const raw = storage()?.getItem(JOURNAL_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as JournalEntry[]) : [];
  } catch {
    return [];
  }
}

function write(entries: readonly JournalEntry[]): boolean {
  try {
    if (entries.length === 0) storage()?.removeItem(JOURNAL_KEY);
    else storage()?.setItem(JOURNAL_KEY, JSON.stringify(entries.slice(-MAX_ENTRIES)));
    return true;
  } catch {
    // Storage full or blocked: the IndexedDB write still goes on; only the reload guard is lost.
    return false;
  }
}

/** Holds an entry (replacing one of the same key); false when local storage would not take it. */
export function hold(entry: JournalEntry): boolean {
  return write([...held().filter((e) => e.key !== entry.key), entry]);
}

/** Takes an entry out once its write has committed. */
export function release(key: string): void {
  const entries = held();
  if (entries.some((e) => e.key === key)) write(entries.filter((e) => e.key !== key));
}

/** Forgets every entry (sign-out: the answers of who signed out are not replayed for another). */
export function clearJournal(): void {
  write([]);
}
