// The in-memory session: order of cards, learning cards coming back, previews equal to answers,
// undo, tallies.
import { describe, expect, it } from 'vitest';
import type { CardKind, Entry, UserReview } from '../api/generated/types';
import { cardId } from '../db/cardId';
import { entriesStudiedToday } from './figures';
import { buildQueue, newCardsIntroducedToday, studyCounts, type QueueItem, type StudyQueue } from './queue';
import { replaySchedule } from './scheduler';
import { LEARN_AHEAD_MS, StudySession } from './session';

const T0 = Date.UTC(2024, 4, 15, 9);
const item = (n: number, kind: CardKind = 'meaning'): QueueItem => {
  const entryId = `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
  return { cardId: cardId(entryId, kind), entryId, kind, card: null };
};

const queue = (over: Partial<StudyQueue>): StudyQueue => ({ due: [], fresh: [], buried: [], learning: [], waiting: [], newWaiting: 0, ...over });

function session(fresh: QueueItem[], reviews = new Map<string, UserReview[]>()) {
  return new StudySession(queue({ fresh }), { desiredRetention: 0.9, reviews, now: T0 });
}

describe('StudySession', () => {
  it('shows cards in queue order and ends when all are done', () => {
    const s = session([item(1), item(2)]);
    expect(s.total).toBe(2);
    expect(s.current(T0)?.entryId).toBe(item(1).entryId);
    const a = s.answer(4, T0, 1200);
    expect(a?.card.state).toBe(2); // easy: review at once
    expect(a?.requeued).toBe(false);
    expect(s.current(T0 + 1)?.entryId).toBe(item(2).entryId);
    s.answer(4, T0 + 1, 800);
    expect(s.current(T0 + 2)).toBeNull();
    expect(s.tally()).toEqual({ byRating: { 1: 0, 2: 0, 3: 0, 4: 2 }, answered: 2, durationMs: 2000 });
  });

  it('brings a card in learning back: when due, or ahead once nothing else is left', () => {
    const s = session([item(1), item(2)]);
    s.answer(1, T0, 1000); // again: due in 1 minute
    expect(s.current(T0 + 1000)?.entryId).toBe(item(2).entryId);
    // Due, but it is the card just answered: the other one comes first.
    expect(s.current(T0 + 61_000)?.entryId).toBe(item(2).entryId);
    s.answer(3, T0 + 61_000, 1000); // good: 10 minutes
    // Once due, the learning card comes before the rest.
    expect(s.current(T0 + 62_000)?.entryId).toBe(item(1).entryId);
    s.answer(3, T0 + 62_000, 1000); // good: 10 minutes
    // Only learning cards are left, due within the learn-ahead limit: shown now, soonest first.
    expect(s.current(T0 + 63_000)?.entryId).toBe(item(2).entryId);
    expect(s.remaining(T0 + 63_000)).toBe(2);
    expect(s.answer(3, T0 + 63_000, 1000)?.card.state).toBe(2);
    expect(s.current(T0 + 64_000)?.entryId).toBe(item(1).entryId);
    expect(s.answer(3, T0 + 64_000, 1000)?.card.state).toBe(2);
    expect(s.current(T0 + 65_000)).toBeNull();
    expect(s.later(T0 + 65_000)).toBe(0);
  });

  it('leaves a learning card due beyond the learn-ahead limit for later', () => {
    const s = session([item(1)]);
    s.answer(1, T0, 1000);
    expect(s.current(T0 + 1000)?.entryId).toBe(item(1).entryId); // 1 minute: ahead
    expect(LEARN_AHEAD_MS).toBeGreaterThan(10 * 60_000);
  });

  it('previews exactly what answering records, and replays the stored reviews', () => {
    const it1 = item(1, 'reading');
    const past: UserReview[] = [
      { id: 'a', cardId: it1.cardId, entryId: it1.entryId, kind: 'reading', rating: 3, reviewedAt: T0 - 5 * 86_400_000, durationMs: 1, updatedAt: 1, deleted: false },
      { id: 'b', cardId: it1.cardId, entryId: it1.entryId, kind: 'reading', rating: 3, reviewedAt: T0 - 5 * 86_400_000 + 600_000, durationMs: 1, updatedAt: 1, deleted: false },
    ];
    const schedule = replaySchedule(past);
    if (!schedule) throw new Error('no card');
    const card = { ...it1, card: { id: it1.cardId, entryId: it1.entryId, kind: 'reading' as const, ...schedule, updatedAt: 7, deleted: false } };
    const s = new StudySession(queue({ due: [card] }), { desiredRetention: 0.9, reviews: new Map([[it1.cardId, past]]), now: T0 });
    const preview = s.preview(T0);
    const answer = s.answer(2, T0, 500);
    expect(answer?.card).toMatchObject(preview?.[2] ?? {});
    expect(answer?.card.updatedAt).toBe(7);
    expect(answer?.card).toMatchObject(replaySchedule([...past, answer!.review]) ?? {});
    expect(answer?.review).toMatchObject({ rating: 2, reviewedAt: T0, durationMs: 500, desiredRetention: 0.9, cardId: it1.cardId });
  });

  it('undoes the last answers, showing each card again as it was', () => {
    const s = session([item(1), item(2)]);
    s.answer(1, T0, 1000); // item 1 → learning
    s.answer(3, T0 + 1000, 1000); // item 2 → learning (10 minutes)
    const u1 = s.undo();
    expect(u1?.item.entryId).toBe(item(2).entryId);
    expect(s.current(T0 + 2000)).toEqual(item(2));
    const u2 = s.undo();
    expect(u2?.item.entryId).toBe(item(1).entryId);
    expect(s.current(T0 + 2000)).toEqual(item(1));
    expect(s.tally().answered).toBe(0);
    // Both cards are new again, nothing in learning.
    s.answer(4, T0 + 3000, 1);
    expect(s.current(T0 + 3001)).toEqual(item(2));
    s.answer(4, T0 + 3001, 1);
    expect(s.current(T0 + 3002)).toBeNull();
    expect(s.undo()?.item).toEqual(item(2));
    expect(s.remaining(T0 + 3003)).toBe(1);
  });

  it('undoes two answers of the same card', () => {
    const s = session([item(1)]);
    s.answer(1, T0, 1);
    s.answer(3, T0 + 61_000, 1);
    s.undo();
    s.undo();
    expect(s.current(T0 + 62_000)).toEqual(item(1));
    expect(s.remaining(T0 + 62_000)).toBe(1);
  });

  it('prepares an answer without moving on; accepts it once stored; refuses a stale one', () => {
    const s = session([item(1), item(2)]);
    const a = s.prepare(1, T0, 0.6)!;
    // Nothing moved: the screen may re-render while the answer is written.
    expect(s.current(T0)?.entryId).toBe(item(1).entryId);
    expect(s.tally().answered).toBe(0);
    expect(s.prepare(1, T0, 0.6)?.card).toEqual(a.card);
    s.accept(a);
    expect(s.current(T0 + 1)?.entryId).toBe(item(2).entryId);
    expect(s.tally()).toEqual({ byRating: { 1: 1, 2: 0, 3: 0, 4: 0 }, answered: 1, durationMs: 1 });
    expect(() => s.accept(a)).toThrow(/not a card of this session/);
  });

  it('keeps its total fixed; cards coming back in learning steps are counted apart', () => {
    const s = session([item(1), item(2), item(3)]);
    // Each step: the rating given at that minute, then the progress shown.
    const steps: { rating: 1 | 3 | 4; at: number; want: { done: number; total: number; inSteps: number } }[] = [
      { rating: 1, at: 0, want: { done: 1, total: 3, inSteps: 1 } }, // item 1 again: back in 1 minute
      { rating: 3, at: 1, want: { done: 2, total: 3, inSteps: 2 } }, // item 2 good: back in 10 minutes
      { rating: 4, at: 2, want: { done: 2, total: 3, inSteps: 1 } }, // item 1 (due) easy: graduates
      { rating: 4, at: 3, want: { done: 3, total: 3, inSteps: 1 } }, // item 3
      { rating: 3, at: 4, want: { done: 3, total: 3, inSteps: 0 } }, // item 2, ahead: graduates
    ];
    expect(s.progress(T0)).toEqual({ done: 0, total: 3, inSteps: 0 });
    for (const step of steps) {
      const at = T0 + step.at * 60_000;
      expect(s.answer(step.rating, at, 1000)).not.toBeNull();
      expect(s.progress(at)).toEqual(step.want);
    }
    expect(s.current(T0 + 5 * 60_000)).toBeNull();
    // Undo moves back within the same total.
    s.undo();
    expect(s.progress(T0 + 5 * 60_000)).toEqual({ done: 3, total: 3, inSteps: 1 });
    s.undo();
    s.undo();
    // Item 1 shown again (a learning card: apart), item 3 back in the total, item 2 still coming.
    expect(s.progress(T0 + 5 * 60_000)).toEqual({ done: 2, total: 3, inSteps: 2 });
  });

  it('reads the same counter after a reload: the answers of the day are counted from the stored reviews', () => {
    const entries = Array.from({ length: 40 }, (_, n) => ({ id: item(n).entryId }) as Entry);
    const open = (reviews: ReadonlyMap<string, UserReview[]>, cards: Map<string, NonNullable<QueueItem['card']>>, now: number) => {
      const ids = new Set(entries.map((e) => cardId(e.id, 'meaning')));
      const all = [...reviews.values()].flat();
      const q = buildQueue({ entries, enabled: new Map(), cards, now, newPerDay: 20, newToday: newCardsIntroducedToday(all, ids, now), kinds: ['meaning'], studiedToday: entriesStudiedToday(all, now) });
      return new StudySession(q, { desiredRetention: 0.9, reviews, now, kinds: ['meaning'] });
    };
    const first = open(new Map(), new Map(), T0);
    const reviews = new Map<string, UserReview[]>();
    const cards = new Map<string, NonNullable<QueueItem['card']>>();
    for (let n = 0; n < 4; n++) {
      const a = first.answer(3, T0 + n * 1000, 1000)!;
      reviews.set(a.item.cardId, [a.review]);
      cards.set(a.item.cardId, a.card);
    }
    const at = T0 + 5 * 60_000;
    expect(first.progress(at)).toEqual({ done: 4, total: 20, inSteps: 4 });
    // The page reloaded five minutes later: a new session from what is stored.
    const again = open(reviews, cards, at);
    expect(again.progress(at)).toEqual({ done: 4, total: 20, inSteps: 4 });
    // The cards in their steps still come back within it.
    expect(again.remaining(at)).toBe(20);
  });

  it('opens exactly what the queue promised: the total is studyCounts’ total, new cards within the limit', () => {
    const entries = Array.from({ length: 40 }, (_, n) => item(n).entryId).map((id) => ({ id }) as Entry);
    for (const [newPerDay, newToday, want] of [
      [20, 0, 20],
      [20, 7, 13],
      [20, 20, 0],
      // One card per entry a day, then (nothing else left) the siblings, within the limit.
      [200, 0, 120],
    ] as const) {
      const q = buildQueue({ entries, enabled: new Map(), cards: new Map(), now: T0, newPerDay, newToday });
      const s = new StudySession(q, { desiredRetention: 0.9, reviews: new Map() });
      expect([s.total, studyCounts(q).total]).toEqual([want, want]);
    }
  });

  it('never shows a card right after its sibling when another card can come between', () => {
    // Due cards of one entry sorted side by side (most overdue first), and a learning card
    // coming back right after its sibling.
    const due = [item(1, 'meaning'), item(1, 'reading'), item(2, 'meaning'), item(1, 'writing'), item(3, 'meaning'), item(4), item(5)];
    const s = new StudySession(queue({ due }), { desiredRetention: 0.9, reviews: new Map(), now: T0 });
    const shown: string[] = [];
    let at = T0;
    for (let n = 0; n < 20; n++) {
      const current = s.current(at);
      if (!current) break;
      shown.push(current.entryId);
      // Again on the first card: it comes back within the session.
      s.answer(n === 0 ? 1 : 4, at, 1000);
      at += 61_000;
    }
    expect(shown).toHaveLength(8);
    for (let n = 1; n < shown.length; n++) expect(shown[n], `card ${n}`).not.toBe(shown[n - 1]);
  });

  it('builds answers within the server’s rules: whole milliseconds, at most a day, a score in 0..1', () => {
    const s = session([item(1), item(2), item(3), item(4)]);
    const durations: [number, number][] = [
      [582.300048828125, 582],
      [-5, 0],
      [Number.NaN, 0],
      [90_000_000, 86_400_000],
    ];
    for (const [given, stored] of durations) expect(s.answer(3, T0, given, { score: 1.5 })?.review).toMatchObject({ durationMs: stored, score: 1 });
  });
});
