// The learner's memory model as the statistics page tells it (issue 27): whether their FSRS
// weights are fitted and how much better they predict than the defaults, and, for a desired
// retention, the workload the server's simulation gives it and the band it falls in. Pure: the
// section (MemoryModel.tsx) formats and translates what these answer.
import { FIT_MIN_REVIEWS, type UserParameters, type Workload } from '../../api/generated/types';

/** Live reviews a learner needs before the server fits them on its own (docs/rpc.md "Fitted
 * parameters"); they may ask sooner. */
export { FIT_MIN_REVIEWS };
/** Anki's bands: below this desired retention is "low" (many cards forgotten and relearnt). */
export const LOW_RETENTION = 0.8;
/** Above this it is "high": it asks much more time than it gives back. The recommended range
 * ends here. */
export const HIGH_RETENTION = 0.95;

/** A measure of fit, the defaults' and the learner's weights' on the same log (lower is better). */
export interface Comparison {
  defaults: number;
  theirs: number;
  /** How much lower theirs is, as a share of the defaults' (0.05: 5 % better; negative: worse). */
  improvement: number;
}

/** Where the learner's model stands. */
export type ModelStatus =
  /** Fitted: their weights beat the defaults on `reviews` reviews. */
  | { kind: 'fitted'; reviews: number; fittedAt: number; logLoss?: Comparison; rmse?: Comparison }
  /** Not fitted, nor tried: fewer than FIT_MIN_REVIEWS live reviews (`have`). */
  | { kind: 'tooFew'; have: number; need: number }
  /** Tried on `reviews` reviews (on its own or on request), but the defaults predicted better:
   * they stay. */
  | { kind: 'defaultsBetter'; reviews: number; fittedAt: number; logLoss?: Comparison; rmse?: Comparison }
  /** Enough reviews, not tried yet (the server fits in the background, or on request). */
  | { kind: 'ready'; have: number };

/** The improvement of `theirs` over `defaults` (both lower-is-better), undefined when either is
 * unknown or the defaults' is not positive. */
export function compare(defaults: number | undefined, theirs: number | undefined): Comparison | undefined {
  if (defaults === undefined || theirs === undefined || !(defaults > 0)) return undefined;
  return { defaults, theirs, improvement: (defaults - theirs) / defaults };
}

/** The status of `row` (null: none synced) for a learner with `liveReviews` live reviews here. */
export function modelStatus(row: UserParameters | null, liveReviews: number): ModelStatus {
  const figures = row ? { logLoss: compare(row.defaultLogLoss, row.logLoss), rmse: compare(row.defaultRmse, row.rmse) } : {};
  if (row?.fitted) return { kind: 'fitted', reviews: row.reviews, fittedAt: row.fittedAt, ...defined(figures) };
  // The device may know of reviews the row was not fitted on (made since): the larger count.
  const have = Math.max(liveReviews, row?.reviews ?? 0);
  // Tried and measured (a log with no card reviewed on a later day has no figures: not tried).
  if (row && row.fittedAt > 0 && figures.logLoss) {
    return { kind: 'defaultsBetter', reviews: row.reviews, fittedAt: row.fittedAt, ...defined(figures) };
  }
  if (have < FIT_MIN_REVIEWS) return { kind: 'tooFew', have, need: FIT_MIN_REVIEWS };
  return { kind: 'ready', have };
}

function defined(f: { logLoss?: Comparison; rmse?: Comparison }): { logLoss?: Comparison; rmse?: Comparison } {
  return { ...(f.logLoss ? { logLoss: f.logLoss } : {}), ...(f.rmse ? { rmse: f.rmse } : {}) };
}

/** What "Fit now" did, from the row it answered: fitted new weights (on `reviews` answers, better
 * than the defaults by `improvement` of log loss); kept the defaults with fewer answers than a
 * reliable fit needs (`need`), or with enough but the defaults predicting better; or kept them
 * because no card was yet answered again on a later day (nothing to learn from). */
export type FitOutcome =
  | { kind: 'fitted'; reviews: number; improvement: number | undefined }
  | { kind: 'tooFew'; reviews: number; need: number }
  | { kind: 'defaultsBetter'; reviews: number }
  | { kind: 'nothingToLearn'; reviews: number };

export function fitOutcome(after: UserParameters): FitOutcome {
  if (after.fitted) return { kind: 'fitted', reviews: after.reviews, improvement: compare(after.defaultLogLoss, after.logLoss)?.improvement };
  if (after.defaultLogLoss === undefined) return { kind: 'nothingToLearn', reviews: after.reviews };
  if (after.reviews < FIT_MIN_REVIEWS) return { kind: 'tooFew', reviews: after.reviews, need: FIT_MIN_REVIEWS };
  return { kind: 'defaultsBetter', reviews: after.reviews };
}

/** The simulated point nearest `retention` (undefined: no simulation). */
export function pointAt(workload: readonly Workload[], retention: number): Workload | undefined {
  let best: Workload | undefined;
  for (const p of workload) {
    if (!best || Math.abs(p.desiredRetention - retention) < Math.abs(best.desiredRetention - retention)) best = p;
  }
  return best;
}

/** The recommended range of desired retention: from the learner's recommended retention (the
 * simulated minimum of time per card remembered) up to HIGH_RETENTION, never starting in the low
 * band (a learner whose minimum lies below it would still forget many cards); undefined when
 * unknown. */
export function recommendedRange(recommended: number | undefined): { from: number; to: number } | undefined {
  if (recommended === undefined || !Number.isFinite(recommended)) return undefined;
  return { from: Math.min(Math.max(recommended, LOW_RETENTION), HIGH_RETENTION), to: HIGH_RETENTION };
}

/** Where a desired retention falls. */
export type RetentionBand = 'low' | 'belowRecommended' | 'recommended' | 'high';

/** The band of `retention`: Anki's low and high first, then below the learner's recommended
 * range, else in it. */
export function retentionBand(retention: number, recommended: number | undefined): RetentionBand {
  // Rounded to the slider's hundredths, so 0.95 is in the range and 0.80 is not low.
  const r = Math.round(retention * 100) / 100;
  if (r > HIGH_RETENTION) return 'high';
  if (r < LOW_RETENTION) return 'low';
  const range = recommendedRange(recommended);
  if (range && r < Math.round(range.from * 100) / 100) return 'belowRecommended';
  return 'recommended';
}

/** The message keys of a status and of a band (memory.status.*, memory.band.*). */
export const STATUS_KEYS = {
  fitted: 'memory.status.fitted',
  tooFew: 'memory.status.tooFew',
  defaultsBetter: 'memory.status.defaultsBetter',
  ready: 'memory.status.ready',
} as const satisfies Record<ModelStatus['kind'], string>;
export const BAND_KEYS = {
  low: 'memory.band.low',
  belowRecommended: 'memory.band.belowRecommended',
  recommended: 'memory.band.recommended',
  high: 'memory.band.high',
} as const satisfies Record<RetentionBand, string>;
