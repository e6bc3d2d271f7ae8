// The rows of a figure scope (study/figures.ts), read live from IndexedDB: for every deck or one
// language, the learner's cards of that language's entries with their entries, their reviews,
// the queues of the learner's decks of the scope (whose new cards count), and the figures
// computed from them; and the answers given today in a scope, read through the reviewedAt index
// alone (Home's line). The cards list, its statistics and the statistics of a deck read through
// here or through study/deckStudy.ts, never their own way.
import { useLiveQuery } from 'dexie-react-hooks';
import type { Deck, Entry, UserCard, UserReview } from '../../api/generated/types';
import { deckCounts, deckQueue, deckReviews, readDeckStudy } from '../../study/deckStudy';
import { reviewsToday, scopeRetention, studyFigures, type StudyFigures } from '../../study/figures';
import { endOfLocalDay, isNew, startOfLocalDay, type StudyQueue } from '../../study/queue';
import { DEFAULT_RETENTION } from '../../study/defaults';
import { db, type WriteItDb } from '../db';
import { isLive } from './live';

/** A scope of the cards list and the statistics page: every language, or one. */
export type ListScope = { kind: 'all' } | { kind: 'language'; languageCode: string };

/** A card of the scope with its entry (undefined when the entry is not on the device). */
export interface ScopeCard {
  card: UserCard;
  entry: Entry | undefined;
}

export interface ScopeRead {
  /** The scope's cards, soonest due first. */
  cards: ScopeCard[];
  /** The live reviews of the scope's entries. */
  reviews: UserReview[];
  figures: StudyFigures;
  /** The desired retention the scope's decks are studied at. */
  retention: number;
  /** The desired retention of all the learner's decks (the simulator of their memory model, which
   * covers every deck, starts there). */
  learnerRetention: number;
}

const inScope = (scope: ListScope, languageCode: string | undefined): boolean => scope.kind === 'all' || languageCode === scope.languageCode;

/** Reads a scope's rows and figures at `now`. */
export async function readScope(scope: ListScope, now: number, database: WriteItDb = db): Promise<ScopeRead> {
  const [cardRows, reviewRows, userDecks, userEntries] = await Promise.all([
    database.userCards.orderBy('due').toArray(),
    database.userReviews.toArray(),
    database.userDecks.toArray(),
    database.userEntries.toArray(),
  ]);
  const liveCards = cardRows.filter(isLive);
  const reviews = reviewRows.filter(isLive);
  const entryIds = [...new Set([...liveCards.map((c) => c.entryId), ...reviews.map((r) => r.entryId)])];
  const entryRows = await database.entries.bulkGet(entryIds);
  const entries = new Map<string, Entry>();
  // A deleted entry is kept: its cards still show what they were.
  for (const e of entryRows) if (e) entries.set(e.id, e);
  const enabled = new Map<string, boolean>();
  for (const u of userEntries) if (isLive(u)) enabled.set(u.entryId, u.enabled);
  const myDecks = userDecks.filter(isLive);
  const allDecks = (await database.decks.bulkGet(myDecks.map((d) => d.deckId))).filter((d): d is Deck => isLive(d));
  const deckRows = allDecks.filter((d) => inScope(scope, d.languageCode));
  const queues: StudyQueue[] = [];
  for (const deck of deckRows) queues.push(deckQueue(await readDeckStudy(deck, now, database), now));
  // Each deck's retention weighted by its started cards.
  const startedEntries = new Map<string, number>();
  for (const c of liveCards) if (!isNew(c)) startedEntries.set(c.entryId, (startedEntries.get(c.entryId) ?? 0) + 1);
  const settings = new Map(myDecks.map((d) => [d.deckId, d.desiredRetention]));
  const weighted = (decks: Deck[]) =>
    scopeRetention(
      decks.map((d) => ({ desiredRetention: settings.get(d.id) ?? DEFAULT_RETENTION, started: d.entryIds.reduce((n, id) => n + (startedEntries.get(id) ?? 0), 0) })),
      DEFAULT_RETENTION,
    );
  const cards = liveCards.filter((c) => inScope(scope, entries.get(c.entryId)?.languageCode)).map((card) => ({ card, entry: entries.get(card.entryId) }));
  const scoped = reviews.filter((r) => inScope(scope, entries.get(r.entryId)?.languageCode));
  return {
    cards,
    reviews: scoped,
    figures: studyFigures({ now, cards: cards.map((c) => c.card), reviews: scoped, enabled, queues }),
    retention: weighted(deckRows),
    learnerRetention: weighted(allDecks),
  };
}

/** A deck's rows and figures at `now` (its statistics tab), from the same read as its review. */
export async function readDeckScope(deck: Deck, now: number, database: WriteItDb = db): Promise<ScopeRead> {
  const study = await readDeckStudy(deck, now, database);
  const cards = [...study.cards.values()].sort((a, b) => a.due - b.due).map((card) => ({ card, entry: study.entryById.get(card.entryId) }));
  return { cards, reviews: [...deckReviews(study)], figures: deckCounts(study, now).figures, retention: study.desiredRetention, learnerRetention: study.desiredRetention };
}

/** A deck's rows and figures; undefined while reading. */
export function useDeckScope(deck: Deck, now: number): ScopeRead | undefined {
  return useLiveQuery(() => readDeckScope(deck, now), [deck, now]);
}

/** A scope's rows and figures, read again when they change; undefined while reading. */
export function useScope(scope: ListScope, now: number): ScopeRead | undefined {
  const key = scope.kind === 'all' ? '*' : scope.languageCode;
  return useLiveQuery(() => readScope(scope, now), [key, now]);
}

/** The answers given today in a language (all languages: null), taken-back ones left out: only
 * today's reviews are read, by their reviewedAt index. */
export async function readReviewsToday(languageCode: string | null, now: number, database: WriteItDb = db): Promise<number> {
  const rows = (await database.userReviews.where('reviewedAt').between(startOfLocalDay(now), endOfLocalDay(now), true, false).toArray()).filter(isLive);
  if (languageCode === null) return reviewsToday(rows, now);
  const entries = await database.entries.bulkGet([...new Set(rows.map((r) => r.entryId))]);
  const language = new Map(entries.filter((e): e is Entry => !!e).map((e) => [e.id, e.languageCode]));
  return reviewsToday(rows.filter((r) => language.get(r.entryId) === languageCode), now);
}

/** The answers given today in a language; undefined while reading. */
export function useReviewsToday(languageCode: string | null, now: number): number | undefined {
  return useLiveQuery(() => readReviewsToday(languageCode, now), [languageCode, now]);
}
