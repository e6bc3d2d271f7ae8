// The memory model's status, comparisons, simulated points and retention bands, as tables.
import { describe, expect, it } from 'vitest';
import type { UserParameters, Workload } from '../../api/generated/types';
import { FIT_MIN_REVIEWS, compare, fitOutcome, modelStatus, pointAt, recommendedRange, retentionBand } from './memoryModel';

const row = (over: Partial<UserParameters>): UserParameters => ({
  id: 'u1', weights: [], fitted: false, reviews: 0, items: 0, fittedAt: 0, workload: [], updatedAt: 1, deleted: false, ...over,
});
const figures = { defaultLogLoss: 0.4, logLoss: 0.3, defaultRmse: 0.08, rmse: 0.04 };

describe('modelStatus', () => {
  it.each([
    ['no row, few reviews', null, 12, { kind: 'tooFew', have: 12, need: FIT_MIN_REVIEWS }],
    ['no row, enough reviews', null, 850, { kind: 'ready', have: 850 }],
    ['a row never fitted, few reviews here', row({}), 799, { kind: 'tooFew', have: 799, need: 800 }],
    ['tried on a log too short to measure', row({ fittedAt: 5, reviews: 120 }), 100, { kind: 'tooFew', have: 120, need: 800 }],
    ['tried on request, few reviews, the defaults better', row({ fittedAt: 5, reviews: 120, defaultLogLoss: 0.3, logLoss: 0.3 }), 130,
      { kind: 'defaultsBetter', reviews: 120, fittedAt: 5, logLoss: { defaults: 0.3, theirs: 0.3, improvement: 0 } }],
    ['tried, the defaults better', row({ fittedAt: 5, reviews: 900, defaultLogLoss: 0.3, logLoss: 0.3 }), 920,
      { kind: 'defaultsBetter', reviews: 900, fittedAt: 5, logLoss: { defaults: 0.3, theirs: 0.3, improvement: 0 } }],
    ['fitted', row({ fitted: true, fittedAt: 7, reviews: 1200, ...figures }), 1210, {
      kind: 'fitted', reviews: 1200, fittedAt: 7,
      logLoss: { defaults: 0.4, theirs: 0.3, improvement: expect.closeTo(0.25, 10) as number },
      rmse: { defaults: 0.08, theirs: 0.04, improvement: 0.5 },
    }],
    ['fitted, figures unknown', row({ fitted: true, fittedAt: 7, reviews: 800 }), 0, { kind: 'fitted', reviews: 800, fittedAt: 7 }],
  ] as const)('%s', (_name, r, live, status) => {
    expect(modelStatus(r, live)).toEqual(status);
  });
});

describe('fitOutcome: what Fit now says it did', () => {
  it.each([
    { name: 'fitted: the reviews and the gain', row: { fitted: true, reviews: 900, defaultLogLoss: 0.4, logLoss: 0.3 }, want: { kind: 'fitted', reviews: 900 } },
    { name: 'too few: kept the defaults, and how many a fit needs', row: { fitted: false, reviews: 66, defaultLogLoss: 0.4, logLoss: 0.4 }, want: { kind: 'tooFew', reviews: 66, need: FIT_MIN_REVIEWS } },
    { name: 'enough, the defaults better', row: { fitted: false, reviews: 2000, defaultLogLoss: 0.3, logLoss: 0.3 }, want: { kind: 'defaultsBetter', reviews: 2000 } },
    { name: 'nothing to learn from yet (no card answered on a later day)', row: { fitted: false, reviews: 12 }, want: { kind: 'nothingToLearn', reviews: 12 } },
  ])('$name', ({ row: over, want }) => {
    const outcome = fitOutcome(row(over));
    expect(outcome).toMatchObject(want);
    if (want.kind === 'fitted') expect((outcome as { improvement: number }).improvement).toBeCloseTo(0.25);
  });
});

describe('compare', () => {
  it.each([
    [0.339, 0.321, (0.339 - 0.321) / 0.339],
    [0.072, 0.046, (0.072 - 0.046) / 0.072],
    [0.3, 0.33, -0.1],
  ])('%f against %f', (d, t, improvement) => {
    expect(compare(d, t)?.improvement).toBeCloseTo(improvement, 10);
  });

  it.each([[undefined, 0.3], [0.3, undefined], [0, 0.1]])('unknown for %s, %s', (d, t) => {
    expect(compare(d, t)).toBeUndefined();
  });
});

const point = (desiredRetention: number): Workload => ({
  desiredRetention, reviewsPerDay30: desiredRetention * 10, minutesPerDay30: 1, reviewsPerDay365: 1, minutesPerDay365: 1, memorized365: 1,
});

describe('pointAt', () => {
  const workload = [0.7, 0.71, 0.72, 0.9, 0.97].map(point);
  it.each([
    [0.9, 0.9],
    [0.704, 0.7],
    [0.5, 0.7],
    [0.99, 0.97],
    [0.8, 0.72],
  ])('at %f: the point of %f', (r, expected) => {
    expect(pointAt(workload, r)?.desiredRetention).toBe(expected);
  });

  it('none without a simulation', () => {
    expect(pointAt([], 0.9)).toBeUndefined();
  });
});

describe('retention bands', () => {
  it.each([
    [0.7, 0.85, 'low'],
    [0.75, 0.72, 'low'],
    [0.8, 0.72, 'recommended'],
    [0.79, undefined, 'low'],
    [0.8, undefined, 'recommended'],
    [0.84, 0.85, 'belowRecommended'],
    [0.85, 0.85, 'recommended'],
    [0.9, 0.82, 'recommended'],
    [0.95, 0.82, 'recommended'],
    [0.96, 0.82, 'high'],
    [0.96, 0.97, 'high'],
  ] as const)('%f with recommended %s: %s', (r, rec, band) => {
    expect(retentionBand(r, rec)).toBe(band);
  });

  it.each([
    [undefined, undefined],
    [0.83, { from: 0.83, to: 0.95 }],
    [0.72, { from: 0.8, to: 0.95 }],
    [0.97, { from: 0.95, to: 0.95 }],
  ])('range from %s', (rec, range) => {
    expect(recommendedRange(rec)).toEqual(range);
  });
});
