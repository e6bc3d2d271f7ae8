// What a study session over a deck starts from, read from IndexedDB (the deck's live entries, the
// learner's userEntries, userDeck, cards and their reviews), and its queue at a moment. Home reads
// its figures through these, and the review page builds its session through them: one read, one
// rule (queue.ts), so what Home promises is what Start opens. No sync or outbox here, so /home can
// read it without loading the sync engine.
import type { CardKind, Deck, Entry, UserCard, UserReview } from '../api/generated/types';
import { cardId } from '../db/cardId';
import type { WriteItDb } from '../db/db';
import { currentWeights } from '../db/read/userParameters';
import { entriesStudiedToday, studyFigures, type StudyFigures } from './figures';
import { buildQueue, CARD_KINDS, DEFAULT_NEW_PER_DAY, newCardsIntroducedToday, nextLearningDue, studyCounts, type StudyCounts, type StudyQueue } from './queue';
import { DEFAULT_RETENTION } from './defaults';

/** What a session over a deck starts from. */
export interface DeckStudy {
  deck: Deck;
  /** The deck's live entries in deck order. */
  entries: Entry[];
  entryById: ReadonlyMap<string, Entry>;
  /** userEntries by entryId (absent: enabled). */
  enabled: ReadonlyMap<string, boolean>;
  cards: ReadonlyMap<string, UserCard>;
  /** Stored reviews of the deck's cards, by card id. */
  reviews: ReadonlyMap<string, UserReview[]>;
  newPerDay: number;
  desiredRetention: number;
  /** The learner's FSRS weights (undefined: the defaults), as the server replays with them. */
  weights: readonly number[] | undefined;
  /** New cards of this deck first reviewed today. */
  newToday: number;
}

/** Reads the study data of a deck already read, for the learner `userId` (their weights; none:
 * the signed-in one). */
export async function readDeckStudy(deck: Deck, now: number, db: WriteItDb, userId?: string): Promise<DeckStudy> {
  const [entryRows, userEntries, userDeck, weights] = await Promise.all([
    db.entries.bulkGet(deck.entryIds),
    db.userEntries.bulkGet(deck.entryIds),
    db.userDecks.get(deck.id),
    currentWeights(db, userId),
  ]);
  const entries = entryRows.filter((e): e is Entry => !!e && !e.deleted);
  const enabled = new Map<string, boolean>();
  for (const u of userEntries) if (u && !u.deleted) enabled.set(u.entryId, u.enabled);
  const ids = entries.flatMap((e) => CARD_KINDS.map((k) => cardId(e.id, k)));
  const [cardRows, reviewRows] = await Promise.all([
    db.userCards.bulkGet(ids),
    db.userReviews.where('cardId').anyOf(ids).toArray(),
  ]);
  const cards = new Map<string, UserCard>();
  for (const c of cardRows) if (c && !c.deleted) cards.set(c.id, c);
  const reviews = new Map<string, UserReview[]>();
  for (const r of reviewRows) {
    if (r.deleted) continue;
    const list = reviews.get(r.cardId);
    if (list) list.push(r);
    else reviews.set(r.cardId, [r]);
  }
  const settings = userDeck && !userDeck.deleted ? userDeck : null;
  return {
    deck,
    entries,
    entryById: new Map(entries.map((e) => [e.id, e])),
    enabled,
    cards,
    reviews,
    newPerDay: settings?.newPerDay ?? DEFAULT_NEW_PER_DAY,
    desiredRetention: settings?.desiredRetention ?? DEFAULT_RETENTION,
    weights,
    newToday: newCardsIntroducedToday(reviewRows, new Set(ids), now),
  };
}

/** Every stored review of a loaded deck's cards. */
export function* deckReviews(study: Pick<DeckStudy, 'reviews'>): Iterable<UserReview> {
  for (const list of study.reviews.values()) yield* list;
}

/** The review queue of a loaded deck at `now`: its siblings buried by the entries studied today. */
export function deckQueue(study: DeckStudy, now: number, kinds?: readonly CardKind[]): StudyQueue {
  return buildQueue({
    entries: study.entries,
    enabled: study.enabled,
    cards: study.cards,
    now,
    newPerDay: study.newPerDay,
    newToday: study.newToday,
    studiedToday: entriesStudiedToday(deckReviews(study), now),
    ...(kinds ? { kinds } : {}),
  });
}

/** A deck's figures at `now` (figures.ts, over the deck's studied entries' cards): those of the
 * session the review page would open now, the cards by state, and when the clock next changes
 * them (a card in learning coming due; null: not today). */
export function deckCounts(study: DeckStudy, now: number): { counts: StudyCounts; figures: StudyFigures; changesAt: number | null } {
  const queue = deckQueue(study, now);
  const figures = studyFigures({ now, cards: study.cards.values(), reviews: deckReviews(study), enabled: study.enabled, queues: [queue] });
  return { counts: studyCounts(queue), figures, changesAt: nextLearningDue(queue) };
}
