// Queue building: due cards first (most overdue first), then new cards within the day's limit;
// disabled entries left out; new cards already introduced today counted from the reviews.
import { describe, expect, it } from 'vitest';
import type { CardKind, Entry, UserCard, UserReview } from '../api/generated/types';
import { cardId } from '../db/cardId';
import { buildQueue, newCardsIntroducedToday, startOfLocalDay, type QueueInput } from './queue';

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
    expect(buildQueue(base({ newPerDay: 20 })).fresh).toHaveLength(20);
    expect(buildQueue(base({ newPerDay: 20, newToday: 15 })).fresh).toHaveLength(5);
    expect(buildQueue(base({ newPerDay: 20, newToday: 25 })).fresh).toHaveLength(0);
    expect(buildQueue(base({ newPerDay: 100 })).fresh).toHaveLength(36);
  });

  it('introduces new cards five entries at a time, kind by kind', () => {
    const q = buildQueue(base({ newPerDay: 16 }));
    const label = (i: { entryId: string; kind: CardKind }) => `${entries.findIndex((e) => e.id === i.entryId)}${i.kind[0]}`;
    expect(q.fresh.map(label)).toEqual([
      ...['0m', '1m', '2m', '3m', '4m'],
      ...['0r', '1r', '2r', '3r', '4r'],
      ...['0w', '1w', '2w', '3w', '4w'],
      '5m',
    ]);
  });

  it('skips disabled entries; an entry without a userEntry is enabled', () => {
    const enabled = new Map([
      [entries[0]!.id, false],
      [entries[1]!.id, true],
    ]);
    const q = buildQueue(base({ enabled, newPerDay: 100 }));
    expect(q.fresh.some((i) => i.entryId === entries[0]!.id)).toBe(false);
    expect(q.fresh.filter((i) => i.entryId === entries[1]!.id)).toHaveLength(3);
    expect(q.fresh).toHaveLength(33);
  });

  it('treats a card row never answered as new, ignores deleted cards and duplicate entries', () => {
    const made = { ...card(entries[0]!, 'meaning', NOW - DAY, 0), lastReview: null, reps: 0 };
    const gone = { ...card(entries[1]!, 'meaning', NOW - DAY), deleted: true };
    const q = buildQueue(
      base({ entries: [entries[0]!, entries[1]!, entries[0]!], cards: new Map([[made.id, made], [gone.id, gone]]), kinds: ['meaning'] }),
    );
    expect(q.due).toEqual([]);
    expect(q.fresh.map((i) => i.cardId)).toEqual([made.id, cardId(entries[1]!.id, 'meaning')]);
    expect(q.fresh[0]!.card).toEqual(made);
    expect(q.fresh[1]!.card).toBeNull();
  });
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
