// Queue building: due cards first (most overdue first), then new cards within the day's limit;
// disabled entries left out; siblings buried to the end of the day; new cards already introduced
// today counted from the reviews.
import { describe, expect, it } from 'vitest';
import type { CardKind, Entry, UserCard, UserReview } from '../api/generated/types';
import { cardId } from '../db/cardId';
import { buildQueue, endOfLocalDay, newCardsIntroducedToday, nextLearningDue, sessionOrder, spreadSiblings, startOfLocalDay, studyCounts, type QueueInput } from './queue';

const NOW = new Date(2024, 4, 15, 14, 30).getTime();
const DAY = 86_400_000;

function entry(n: number): Entry {
  return {
    id: `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    languageCode: 'ko',
    text: `t${n}`,
    reading: `r${n}`,
    meanings: [`m${n}`],
    notes: '',
    examples: [],
    updatedAt: 1,
    deleted: false,
  };
}

function card(e: Entry, kind: CardKind, due: number, state = 2): UserCard {
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
    reps: 3,
    lapses: 0,
    state,
    lastReview: due - 3 * DAY,
    updatedAt: 1,
    deleted: false,
  };
}

const entries = Array.from({ length: 12 }, (_, i) => entry(i));
const base = (over: Partial<QueueInput> = {}): QueueInput => ({
  entries,
  enabled: new Map(),
  cards: new Map(),
  now: NOW,
  newPerDay: 20,
  newToday: 0,
  ...over,
});

describe('buildQueue', () => {
  it('puts due cards first, most overdue first, and leaves cards not yet due out', () => {
    const e = entries;
    const cards = [
      card(e[0]!, 'meaning', NOW - DAY),
      card(e[1]!, 'reading', NOW - 5 * DAY),
      card(e[2]!, 'writing', NOW + DAY),
      card(e[3]!, 'meaning', NOW),
    ];
    const q = buildQueue(base({ cards: new Map(cards.map((c) => [c.id, c])), newPerDay: 0 }));
    expect(q.due.map((i) => i.cardId)).toEqual([cards[1]!.id, cards[0]!.id, cards[3]!.id]);
    expect(q.fresh).toEqual([]);
    // 12 entries × 3 kinds − 4 cards that exist
    expect(q.newWaiting).toBe(32);
  });

  it('limits new cards to the day, counting those introduced today', () => {
    const today = (q: ReturnType<typeof buildQueue>) => studyCounts(q).new;
    expect(today(buildQueue(base({ newPerDay: 20 })))).toBe(20);
    expect(today(buildQueue(base({ newPerDay: 20, newToday: 15 })))).toBe(5);
    expect(today(buildQueue(base({ newPerDay: 20, newToday: 25 })))).toBe(0);
    expect(today(buildQueue(base({ newPerDay: 100 })))).toBe(36);
  });

  it('introduces one new card per entry a day, in deck order; siblings only when nothing else is left', () => {
    const label = (i: { entryId: string; kind: CardKind }) => `${entries.findIndex((e) => e.id === i.entryId)}${i.kind[0]}`;
    const q = buildQueue(base({ newPerDay: 16 }));
    expect(sessionOrder(q).map(label)).toEqual(['0m', '1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m', '10m', '11m', '0r', '1r', '2r', '3r']);
    expect(q.fresh).toHaveLength(12);
    expect(q.buried.map(label)).toEqual(['0r', '1r', '2r', '3r']);
    expect(q.newWaiting).toBe(36 - 16);
    // A limit the first cards fill: no sibling today, and the siblings of entries not started
    // wait with them.
    const small = buildQueue(base({ newPerDay: 5 }));
    expect(sessionOrder(small).map(label)).toEqual(['0m', '1m', '2m', '3m', '4m']);
    expect(small.waiting.map(label).slice(0, 3)).toEqual(['5m', '6m', '7m']);
  });

  it('buries the cards of entries studied today, and due siblings after the first, to the end', () => {
    const label = (i: { entryId: string; kind: CardKind }) => `${entries.findIndex((e) => e.id === i.entryId)}${i.kind[0]}`;
    const e = entries;
    const cards = [
      card(e[0]!, 'meaning', NOW - 2 * DAY),
      card(e[0]!, 'reading', NOW - DAY), // a sibling due too: after everything else
      card(e[1]!, 'meaning', NOW - DAY - 1000), // its entry studied today: buried
      card(e[2]!, 'meaning', NOW + 60_000, 1), // in learning steps, later today: never buried
      card(e[3]!, 'meaning', NOW - 60_000, 1), // in learning steps, due now: never buried
      card(e[3]!, 'reading', NOW - 3 * DAY), // its sibling is in steps: buried
    ];
    const q = buildQueue(base({ cards: new Map(cards.map((c) => [c.id, c])), newPerDay: 2, kinds: ['meaning', 'reading'], studiedToday: new Set([e[1]!.id]) }));
    expect(q.due.map(label)).toEqual(['0m', '3m']);
    expect(q.fresh.map(label)).toEqual(['4m', '5m']);
    expect(q.buried.map(label)).toEqual(['3r', '1m', '0r']);
    expect(q.learning.map(label)).toEqual(['2m']);
    expect(sessionOrder(q).map(label)).toEqual(['0m', '3m', '4m', '5m', '3r', '1m', '0r']);
    // Home's figures count the buried cards: the session ends with them.
    expect(studyCounts(q)).toEqual({ new: 2, learning: 1, due: 5, total: 7 });
  });

  it('skips disabled entries; an entry without a userEntry is enabled', () => {
    const enabled = new Map([
      [entries[0]!.id, false],
      [entries[1]!.id, true],
    ]);
    const q = buildQueue(base({ enabled, newPerDay: 100 }));
    const all = sessionOrder(q);
    expect(all.some((i) => i.entryId === entries[0]!.id)).toBe(false);
    expect(all.filter((i) => i.entryId === entries[1]!.id)).toHaveLength(3);
    expect(all).toHaveLength(33);
  });

  it('treats a card row never answered as new, ignores deleted cards and duplicate entries', () => {
    const made = { ...card(entries[0]!, 'meaning', NOW - DAY, 0), lastReview: null, reps: 0 };
    const gone = { ...card(entries[1]!, 'meaning', NOW - DAY), deleted: true };
    const q = buildQueue(
      base({ entries: [entries[0]!, entries[1]!, entries[0]!], cards: new Map([[made.id, made], [gone.id, gone]]), kinds: ['meaning'] }),
    );
    expect(q.due).toEqual([]);
    expect(q.fresh.map((i) => i.cardId)).toEqual([made.id, cardId(entries[1]!.id, 'meaning')]);
    expect(q.buried).toEqual([]);
    expect(q.fresh[0]!.card).toEqual(made);
    expect(q.fresh[1]!.card).toBeNull();
  });
});

describe('studyCounts: what Home shows is what a session started now opens', () => {
  const MIN = 60_000;
  const e = entries;
  const LEARNING = 1;
  const RELEARNING = 3;
  // Each row: the learner's cards, the new cards already introduced today, the figures.
  const rows: { name: string; cards: UserCard[]; newPerDay?: number; newToday?: number; want: { new: number; learning: number; due: number; total: number } }[] = [
    { name: 'a freshly followed deck: new cards within the limit, so Start has a way in', cards: [], want: { new: 20, learning: 0, due: 0, total: 20 } },
    { name: 'the day’s limit partly used', cards: [], newToday: 15, want: { new: 5, learning: 0, due: 0, total: 5 } },
    { name: 'the day’s limit used up', cards: [], newToday: 20, want: { new: 0, learning: 0, due: 0, total: 0 } },
    { name: 'a limit of 0 a day', cards: [], newPerDay: 0, want: { new: 0, learning: 0, due: 0, total: 0 } },
    {
      name: 'learning cards: due now counts as due, due later today as learning, tomorrow not at all',
      cards: [
        card(e[0]!, 'meaning', NOW - MIN, LEARNING),
        card(e[1]!, 'meaning', NOW + 10 * MIN, LEARNING),
        card(e[2]!, 'meaning', NOW + 10 * MIN, RELEARNING),
        card(e[3]!, 'meaning', endOfLocalDay(NOW) + MIN, LEARNING),
      ],
      newPerDay: 0,
      want: { new: 0, learning: 2, due: 1, total: 1 },
    },
    {
      name: 'review cards count by the day, as Anki counts them: due later today is due now',
      cards: [card(e[0]!, 'reading', NOW - 3 * DAY), card(e[1]!, 'reading', NOW + 60 * MIN), card(e[2]!, 'reading', endOfLocalDay(NOW))],
      newPerDay: 0,
      want: { new: 0, learning: 0, due: 2, total: 2 },
    },
    {
      name: 'due and new together',
      cards: [card(e[0]!, 'writing', NOW - DAY), card(e[1]!, 'writing', NOW + 5 * MIN, LEARNING)],
      newToday: 17,
      want: { new: 3, learning: 1, due: 1, total: 4 },
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const q = buildQueue(base({ cards: new Map(row.cards.map((c) => [c.id, c])), newPerDay: row.newPerDay ?? 20, newToday: row.newToday ?? 0 }));
      expect(studyCounts(q)).toEqual(row.want);
    });
  }

  it('orders the learning cards of later today by when they come back', () => {
    const a = card(e[0]!, 'meaning', NOW + 9 * MIN, LEARNING);
    const b = card(e[1]!, 'meaning', NOW + 2 * MIN, RELEARNING);
    const q = buildQueue(base({ cards: new Map([a, b].map((c) => [c.id, c])), newPerDay: 0 }));
    expect(q.learning.map((i) => i.cardId)).toEqual([b.id, a.id]);
    // Home reads its figures again when the first of them comes due.
    expect(nextLearningDue(q)).toBe(b.due);
    expect(nextLearningDue(buildQueue(base()))).toBeNull();
  });
});

describe('spreadSiblings', () => {
  const at = (entry: string, kind = 'm') => ({ entryId: entry, id: `${entry}${kind}` });
  const rows: { name: string; given: string[]; want: string[] }[] = [
    { name: 'keeps an order without siblings side by side', given: ['am', 'bm', 'ar', 'br'], want: ['am', 'bm', 'ar', 'br'] },
    { name: 'moves a sibling back by one', given: ['am', 'ar', 'bm'], want: ['am', 'bm', 'ar'] },
    { name: 'three kinds of one entry among others', given: ['am', 'ar', 'aw', 'bm', 'cm'], want: ['am', 'bm', 'ar', 'cm', 'aw'] },
    { name: 'leaves siblings together when nothing else is left', given: ['am', 'ar', 'aw'], want: ['am', 'ar', 'aw'] },
    { name: 'an empty list', given: [], want: [] },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const items = row.given.map((g) => at(g[0]!, g[1]));
      expect(spreadSiblings(items).map((i) => i.id)).toEqual(row.want);
    });
  }
});

describe('newCardsIntroducedToday', () => {
  const review = (cardIdValue: string, reviewedAt: number, deleted = false): Pick<UserReview, 'cardId' | 'reviewedAt' | 'deleted'> => ({
    cardId: cardIdValue,
    reviewedAt,
    deleted,
  });
  it('counts the cards whose first review was today', () => {
    const midnight = startOfLocalDay(NOW);
    const ids = new Set(['a', 'b', 'c', 'd']);
    const reviews = [
      review('a', midnight + 1000), // new today
      review('a', midnight + 5000),
      review('b', midnight - 1000), // first seen yesterday
      review('b', midnight + 2000),
      review('c', NOW - 60_000), // new today
      review('d', midnight + 10, true), // deleted review
      review('z', midnight + 10), // another deck's card
    ];
    expect(newCardsIntroducedToday(reviews, ids, NOW)).toBe(2);
  });
});
