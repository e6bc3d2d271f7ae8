// The statistics' pure functions: heatmap bucketing, streak, forecast, state replay and true
// retention, the workload estimate. Dates are built from local calendar parts, as the code counts
// local days.
import { createEmptyCard, fsrs, generatorParameters, type Grade } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import {
  REVIEW,
  addDays,
  cardsByState,
  clampRetention,
  dayKey,
  dueForecast,
  heatLevel,
  heatmap,
  nextToStudy,
  nextState,
  relativeInterval,
  retentionByMonth,
  streak,
  withStateBefore,
  workloadEstimate,
} from './stats';

const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).getTime();
const NOW = at(2025, 3, 15, 15); // a Saturday

describe('heatmap', () => {
  it('buckets reviews by local day, in week columns ending today', () => {
    const times = [at(2025, 3, 15, 0, 1), at(2025, 3, 15, 23, 59), at(2025, 3, 14, 9), at(2025, 1, 1)];
    const map = heatmap(times, NOW, 4, 0);
    expect(map.weeks).toHaveLength(4);
    expect(map.weeks.every((w) => w.length === 7)).toBe(true);
    const cells = map.weeks.flat().filter((c) => c !== null);
    // 4 weeks back to a Sunday: Feb 16 … Mar 15 (Saturday is the last row of the last column).
    expect(dayKey(cells[0]!.day)).toBe('2025-02-16');
    expect(dayKey(cells.at(-1)!.day)).toBe('2025-03-15');
    expect(cells.at(-1)!.count).toBe(2);
    expect(cells.at(-2)!.count).toBe(1);
    expect(map.total).toBe(3); // Jan 1 is outside the window
    expect(map.activeDays).toBe(2);
    expect(map.max).toBe(2);
    expect(cells.at(-1)!.level).toBe(4);
    expect(cells.at(-2)!.level).toBe(2);
  });

  it('leaves the days after today empty and honours the week start', () => {
    const monday = heatmap([], NOW, 2, 1);
    const last = monday.weeks.at(-1)!;
    // Week from Monday Mar 10: Mon..Sat are days, Sunday Mar 16 is in the future.
    expect(dayKey(last[0]!.day)).toBe('2025-03-10');
    expect(last[5]).not.toBeNull();
    expect(last[6]).toBeNull();
  });

  it('levels are quartiles of the busiest day, any review at least 1', () => {
    expect(heatLevel(0, 10)).toBe(0);
    expect(heatLevel(1, 100)).toBe(1);
    expect(heatLevel(50, 100)).toBe(2);
    expect(heatLevel(51, 100)).toBe(3);
    expect(heatLevel(100, 100)).toBe(4);
  });
});

describe('streak', () => {
  it('counts consecutive days ending today', () => {
    expect(streak([at(2025, 3, 15, 8), at(2025, 3, 14), at(2025, 3, 13), at(2025, 3, 11)], NOW)).toEqual({ days: 3, reviewedToday: true });
  });
  it('is not broken before today ends', () => {
    expect(streak([at(2025, 3, 14), at(2025, 3, 13)], NOW)).toEqual({ days: 2, reviewedToday: false });
  });
  it('is zero after a missed day', () => {
    expect(streak([at(2025, 3, 13)], NOW).days).toBe(0);
    expect(streak([], NOW).days).toBe(0);
  });
  it('crosses a month boundary', () => {
    const now = at(2025, 3, 1, 10);
    expect(streak([at(2025, 3, 1), at(2025, 2, 28), at(2025, 2, 27)], now).days).toBe(3);
  });
});

describe('dueForecast', () => {
  it('puts overdue and today in day 0, later days by local day, skips new and deleted cards', () => {
    const cards = [
      { due: at(2025, 3, 1), state: 2 },
      { due: at(2025, 3, 15, 23, 30), state: 2 },
      { due: at(2025, 3, 16, 0, 0), state: 1 },
      { due: at(2025, 3, 20), state: 3 },
      { due: at(2025, 4, 13, 23), state: 2 }, // day 29
      { due: at(2025, 4, 14, 1), state: 2 }, // day 30: outside
      { due: at(2025, 3, 15), state: 0 },
      { due: at(2025, 3, 15), state: 2, deleted: true },
    ];
    const f = dueForecast(cards, NOW, 30);
    expect(f).toHaveLength(30);
    expect(f[0]).toBe(2);
    expect(f[1]).toBe(1);
    expect(f[5]).toBe(1);
    expect(f[29]).toBe(1);
    expect(f.reduce((a, b) => a + b, 0)).toBe(5);
  });
});

describe('cardsByState', () => {
  it('counts live cards by state', () => {
    expect(cardsByState([{ due: 0, state: 0 }, { due: 0, state: 2 }, { due: 0, state: 2 }, { due: 0, state: 3, deleted: true }])).toEqual([1, 0, 2, 0]);
  });
});

describe('nextState', () => {
  it('follows ts-fsrs 5 with learning steps 1m/10m and relearning 10m', () => {
    const f = fsrs(generatorParameters({ enable_fuzz: false, learning_steps: ['1m', '10m'], relearning_steps: ['10m'] }));
    // Pseudo-random rating sequences, deterministic.
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let run = 0; run < 200; run++) {
      let card = createEmptyCard(new Date(Date.UTC(2024, 0, 1)));
      let mine = { state: 0, step: 0 };
      for (let i = 0; i < 12; i++) {
        const rating = (1 + Math.floor(rand() * 4)) as Grade;
        // Sometimes late, sometimes early: times must not change the state.
        const when = new Date(card.due.getTime() + (rand() < 0.5 ? 0 : Math.floor(rand() * 5 * 86_400_000)));
        card = f.next(card, when, rating).card;
        mine = nextState(mine.state, mine.step, rating);
        expect(mine.state).toBe(card.state as number);
      }
    }
  });
});

describe('true retention', () => {
  const review = (id: string, cardId: string, rating: number, reviewedAt: number) => ({ id, cardId, rating, reviewedAt });

  it('knows the state before each review from the card’s earlier reviews', () => {
    const rs = [review('c', 'a', 3, at(2025, 3, 2)), review('a', 'a', 3, at(2025, 3, 1)), review('b', 'a', 3, at(2025, 3, 1, 12, 10))];
    expect(withStateBefore(rs).map((x) => [x.review.id, x.stateBefore])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', REVIEW],
    ]);
  });

  it('counts only reviews of cards in review, by month', () => {
    const rs = [
      // card a: new → learning → review (Feb), then Again in review (Mar), relearning, Good in review (Mar)
      review('1', 'a', 3, at(2025, 2, 1)),
      review('2', 'a', 3, at(2025, 2, 1, 12, 10)),
      review('3', 'a', 3, at(2025, 2, 10)), // review state: pass (Feb)
      review('4', 'a', 1, at(2025, 3, 1)), // review state: Again (Mar)
      review('5', 'a', 3, at(2025, 3, 1, 12, 10)), // relearning: left out
      review('6', 'a', 2, at(2025, 3, 5)), // review state: pass (Mar)
      // card b: Easy on new → review at once; its next review counts
      review('7', 'b', 4, at(2025, 3, 2)),
      review('8', 'b', 3, at(2025, 3, 9)),
    ];
    const months = retentionByMonth(rs, NOW, 3);
    expect(months.map((m) => dayKey(m.month))).toEqual(['2025-01-01', '2025-02-01', '2025-03-01']);
    expect(months[0]).toMatchObject({ reviews: 0, retention: null });
    expect(months[1]).toMatchObject({ reviews: 1, passed: 1, retention: 1 });
    expect(months[2]).toMatchObject({ reviews: 3, passed: 2 });
    expect(months[2]!.retention).toBeCloseTo(2 / 3);
  });
});

describe('workloadEstimate', () => {
  const forecast = [30, 0, 0, 30, 0, 0, 0, 0, 0, 0];
  it('is the forecast mean at the current retention', () => {
    expect(workloadEstimate(forecast, 0.9, 0.9)).toBeCloseTo(6);
  });
  it('grows with retention and shrinks below it', () => {
    const high = workloadEstimate(forecast, 0.9, 0.95);
    const low = workloadEstimate(forecast, 0.9, 0.8);
    expect(high).toBeGreaterThan(6);
    expect(low).toBeLessThan(6);
    // Intervals at 0.95 are about 2/5 of those at 0.9 (FSRS-6 default decay): 2.5 times the reviews.
    expect(relativeInterval(0.9) / relativeInterval(0.95)).toBeGreaterThan(2.3);
    expect(relativeInterval(0.9) / relativeInterval(0.95)).toBeLessThan(2.7);
  });
  it('is zero with nothing scheduled', () => {
    expect(workloadEstimate([], 0.9, 0.8)).toBe(0);
    expect(workloadEstimate([0, 0], 0.9, 0.8)).toBe(0);
  });
  it('clamps desired retention to 0.70..0.99', () => {
    expect(clampRetention(0.5)).toBe(0.7);
    expect(clampRetention(1)).toBe(0.99);
    expect(clampRetention(0.876)).toBe(0.88);
    expect(clampRetention(Number.NaN)).toBe(0.9);
  });
  it('addDays steps calendar days', () => {
    expect(dayKey(addDays(at(2025, 2, 28), 1))).toBe('2025-03-01');
  });
});

describe('nextToStudy', () => {
  const d = (deck: string, due: number, fresh: number) => ({ deck, counts: { due, total: due + fresh } });
  const cases: { name: string; decks: ReturnType<typeof d>[]; want: string | undefined }[] = [
    { name: 'the most due now, ties to the first', decks: [d('a', 2, 5), d('b', 5, 0), d('c', 5, 9)], want: 'b' },
    { name: 'due beats new', decks: [d('a', 0, 20), d('b', 1, 0)], want: 'b' },
    { name: 'nothing due: the first with new cards, so a followed deck has a way in', decks: [d('a', 0, 0), d('b', 0, 20), d('c', 0, 5)], want: 'b' },
    { name: 'nothing to study now', decks: [d('a', 0, 0)], want: undefined },
    { name: 'no decks', decks: [], want: undefined },
  ];
  for (const c of cases) it(c.name, () => expect(nextToStudy(c.decks)?.deck).toBe(c.want));
});
