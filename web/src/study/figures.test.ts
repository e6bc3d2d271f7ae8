// The study figures of a scope, as a table: each row the learner's rows, then every figure.
import { describe, expect, it } from 'vitest';
import type { CardKind, Entry, UserCard, UserReview } from '../api/generated/types';
import { cardId } from '../db/cardId';
import { answeredToday, dayProgress, reviewsToday, scopeRetention, studyFigures, type StudyFigures } from './figures';
import { buildQueue, endOfLocalDay, startOfLocalDay } from './queue';

const NOW = new Date(2024, 4, 15, 14, 30).getTime();
const MIN = 60_000;
const DAY = 86_400_000;
const NEW = 0;
const LEARNING = 1;
const REVIEW = 2;
const RELEARNING = 3;

const entry = (n: number): Entry => ({
  id: `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  languageCode: 'ko',
  text: `t${n}`,
  reading: `r${n}`,
  meanings: [`m${n}`],
  notes: '',
  examples: [],
  updatedAt: 1,
  deleted: false,
});
const entries = Array.from({ length: 10 }, (_, i) => entry(i));

function card(n: number, kind: CardKind, state: number, due: number, over: Partial<UserCard> = {}): UserCard {
  const e = entries[n]!;
  return {
    id: cardId(e.id, kind),
    entryId: e.id,
    kind,
    due,
    stability: 5,
    difficulty: 5,
    elapsedDays: 1,
    scheduledDays: 3,
    learningSteps: 0,
    reps: state === NEW ? 0 : 3,
    lapses: 0,
    state,
    lastReview: state === NEW ? null : NOW - DAY,
    updatedAt: 1,
    deleted: false,
    ...over,
  };
}

let seq = 0;
function review(c: UserCard, reviewedAt: number, deleted = false): UserReview {
  seq += 1;
  return { id: `r${seq}`, cardId: c.id, entryId: c.entryId, kind: c.kind, rating: 3, reviewedAt, durationMs: 1, updatedAt: 1, deleted };
}

/** The figures of one deck of `entries`, as the deck page reads them. */
function deckFigures(cards: UserCard[], reviews: UserReview[], over: { newPerDay?: number; enabled?: Map<string, boolean> } = {}): StudyFigures {
  const map = new Map(cards.map((c) => [c.id, c]));
  const enabled = over.enabled ?? new Map<string, boolean>();
  const queue = buildQueue({ entries, enabled, cards: map, now: NOW, newPerDay: over.newPerDay ?? 20, newToday: 0 });
  return studyFigures({ now: NOW, cards, reviews, enabled, queues: [queue] });
}

describe('studyFigures', () => {
  const midnight = startOfLocalDay(NOW);
  const rows: { name: string; cards: UserCard[]; reviews?: UserReview[]; newPerDay?: number; enabled?: Map<string, boolean>; want: Partial<StudyFigures> }[] = [
    {
      name: 'a deck never studied: every card new, twenty of them for today',
      cards: [],
      want: { newToday: 20, newTotal: 30, started: 0, learning: 0, review: 0, relearning: 0, dueNow: 0, laterToday: 0, reviewsToday: 0 },
    },
    {
      name: 'cards by state and by today, each counted once',
      cards: [
        card(0, 'meaning', LEARNING, NOW - MIN), // in steps, due now
        card(1, 'meaning', LEARNING, NOW + 10 * MIN), // in steps, later today
        card(2, 'meaning', RELEARNING, NOW + 5 * MIN), // relearning, later today
        card(3, 'meaning', REVIEW, NOW + 2 * 60 * MIN), // review due today: due now (by the day)
        card(4, 'meaning', REVIEW, endOfLocalDay(NOW) + MIN), // tomorrow
        card(5, 'meaning', LEARNING, endOfLocalDay(NOW) + MIN), // in steps across midnight: not today
      ],
      newPerDay: 0,
      want: { learning: 3, relearning: 1, review: 2, started: 6, dueNow: 2, laterToday: 2, nextLaterToday: NOW + 5 * MIN, newToday: 0, newTotal: 24 },
    },
    {
      name: 'entries left out: their cards keep their state, but nothing of them is due or new',
      cards: [card(0, 'meaning', REVIEW, NOW - DAY), card(1, 'meaning', REVIEW, NOW - DAY)],
      enabled: new Map([[entries[0]!.id, false]]),
      want: { review: 2, started: 2, dueNow: 1, newTotal: 9 * 3 - 1 },
    },
    {
      name: 'a card made but never answered is new, not started; a tombstone is nothing',
      cards: [card(0, 'meaning', NEW, NOW - DAY), card(1, 'meaning', REVIEW, NOW - DAY, { deleted: true })],
      want: { started: 0, review: 0, dueNow: 0, newTotal: 30 },
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      expect(deckFigures(row.cards, row.reviews ?? [], { ...(row.newPerDay !== undefined ? { newPerDay: row.newPerDay } : {}), ...(row.enabled ? { enabled: row.enabled } : {}) })).toMatchObject(row.want);
    });
  }

  it('counts today\'s answers, and not one taken back', () => {
    const c = card(0, 'meaning', LEARNING, NOW + 10 * MIN);
    const reviews = [review(c, midnight - 1), review(c, midnight + 1), review(c, NOW - MIN), review(c, NOW - 2 * MIN, true)];
    expect(deckFigures([c], reviews).reviewsToday).toBe(2);
    expect(reviewsToday(reviews, NOW)).toBe(2);
  });

  it('counts a card in two decks of the scope once', () => {
    const cards = new Map<string, UserCard>();
    const q = (list: Entry[]) => buildQueue({ entries: list, enabled: new Map(), cards, now: NOW, newPerDay: 20, newToday: 0 });
    const f = studyFigures({ now: NOW, cards: [], reviews: [], enabled: new Map(), queues: [q(entries.slice(0, 6)), q(entries.slice(4, 10))] });
    expect(f.newTotal).toBe(30);
    expect(f.newToday).toBe(30);
  });
});

describe('answeredToday and dayProgress', () => {
  it('counts the cards of the session\'s kinds answered today, each once', () => {
    const a = card(0, 'meaning', LEARNING, NOW);
    const b = card(0, 'writing', REVIEW, NOW);
    const reviews = [review(a, NOW - MIN), review(a, NOW - 2 * MIN), review(b, NOW - MIN), review(b, NOW - DAY)];
    expect(answeredToday(reviews, NOW)).toEqual(new Set([a.id, b.id]));
    expect(answeredToday(reviews, NOW, ['writing'])).toEqual(new Set([b.id]));
    expect(answeredToday([review(a, NOW - MIN, true)], NOW)).toEqual(new Set());
  });

  it('is the answered cards of the answered plus those ahead; answered ones ahead are in steps', () => {
    expect(dayProgress(new Set(), [{ cardId: 'a' }, { cardId: 'b' }])).toEqual({ done: 0, total: 2, inSteps: 0 });
    expect(dayProgress(new Set(['a']), [{ cardId: 'a' }, { cardId: 'b' }, { cardId: 'a' }])).toEqual({ done: 1, total: 2, inSteps: 1 });
    expect(dayProgress(new Set(['a', 'c']), [])).toEqual({ done: 2, total: 2, inSteps: 0 });
  });
});

describe('scopeRetention', () => {
  it.each([
    { decks: [], want: 0.9 },
    { decks: [{ desiredRetention: 0.85, started: 10 }], want: 0.85 },
    { decks: [{ desiredRetention: 0.8, started: 30 }, { desiredRetention: 0.9, started: 10 }], want: 0.83 },
    { decks: [{ desiredRetention: 0.8, started: 0 }, { desiredRetention: 0.9, started: 0 }], want: 0.85 },
  ])('$decks → $want', ({ decks, want }) => {
    expect(scopeRetention(decks, 0.9)).toBe(want);
  });
});
