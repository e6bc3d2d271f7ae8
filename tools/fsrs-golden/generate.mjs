#!/usr/bin/env node
// Golden vectors for writeit-core's FSRS port (crates/writeit-core/src/fsrs).
//
// Runs the real ts-fsrs over deterministic pseudo-random review logs, exactly as
// `writeit_core::fsrs::replay` does: an empty card created at the first review's
// time, then `fsrs({...app settings, request_retention}).next(card, at, rating)`
// for every review, each review carrying its own desired retention.
//
// Usage (from the repository root):
//   npm ci --prefix tools/fsrs-golden
//   node tools/fsrs-golden/generate.mjs crates/writeit-core/tests/data/fsrs_golden.json
// Without an argument the JSON goes to stdout.

import { readFileSync, writeFileSync } from 'node:fs';
import { createEmptyCard, default_w, fsrs } from 'ts-fsrs';

// The package's `exports` map hides package.json, so read it by path.
const TS_FSRS_VERSION = JSON.parse(
  readFileSync(new URL('./node_modules/ts-fsrs/package.json', import.meta.url), 'utf8'),
).version;

// Overridable only for ad-hoc stress runs; the committed file uses the defaults.
const SEED = Number(process.env.FSRS_GOLDEN_SEED ?? 0x5eed_f5b5);
const LOG_COUNT = Number(process.env.FSRS_GOLDEN_LOGS ?? 200);
const MAX_REVIEWS = 15;

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

// The app's settings (DESIGN.md §4); request_retention varies per review.
const SETTINGS = Object.freeze({
  learning_steps: ['1m', '10m'],
  relearning_steps: ['10m'],
  enable_fuzz: true,
  enable_short_term: true,
  maximum_interval: 36500,
});

// mulberry32: small, well-known, seeded; only drives the shape of the logs.
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rng = mulberry32(SEED);
const int = (lo, hi) => lo + Math.floor(rng() * (hi - lo + 1)); // inclusive
const pick = (weights) => {
  let x = rng() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i];
    if (x < 0) return i;
  }
  return weights.length - 1;
};
const retention = () => Math.round((0.7 + rng() * 0.29) * 100) / 100;

const schedulers = new Map();
function schedulerFor(requestRetention) {
  let f = schedulers.get(requestRetention);
  if (!f) {
    f = fsrs({ ...SETTINGS, request_retention: requestRetention });
    schedulers.set(requestRetention, f);
  }
  return f;
}

function startTime() {
  const day = Date.UTC(2019, 0, 1) + int(0, 7 * 365) * DAY;
  // A third of the logs start within 20 minutes of a UTC midnight.
  if (rng() < 0.35) return day + int(-20 * MIN, 20 * MIN);
  return day + int(0, DAY - 1);
}

function nextTime(t, card) {
  const utcDay = (ms) => Math.floor(ms / DAY);
  switch (pick([25, 14, 14, 9, 15, 12, 5, 3, 3])) {
    case 0: // around the due time (the common case)
      return Math.max(t + SEC, card.due.getTime() + int(-2 * HOUR, 12 * HOUR));
    case 1: // seconds later
      return t + int(1, 120) * SEC + int(0, 999);
    case 2: // minutes to hours later
      return t + int(1 * MIN, 12 * HOUR);
    case 3: // just past the next UTC midnight: one calendar day, little real time
      return (utcDay(t) + 1) * DAY + int(0, 10 * MIN);
    case 4: // days
      return t + int(1, 30) * DAY + int(-6 * HOUR, 6 * HOUR);
    case 5: // months
      return t + int(30, 400) * DAY + int(0, DAY - 1);
    case 6: // years
      return t + int(365, 8 * 365) * DAY + int(0, DAY - 1);
    case 7: // same instant again
      return t;
    default: {
      // slightly earlier on the same UTC day (out-of-order clocks); ts-fsrs
      // only accepts that within a calendar day
      const back = t - int(1, 600) * SEC;
      return utcDay(back) === utcDay(t) ? back : t + SEC;
    }
  }
}

function cardJson(card) {
  return {
    due: card.due.getTime(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: card.last_review ? card.last_review.getTime() : null,
  };
}

function genLog() {
  const n = int(1, MAX_REVIEWS);
  // Log styles: mostly random; some streaks of Easy at low retention, which
  // reach the 36500-day maximum interval.
  const easyStreak = rng() < 0.06;
  const retentionMode = pick([35, 30, 35]); // 0.9 / one per log / per review
  const logRetention = retention();
  const ratingWeights = easyStreak ? [0, 0, 1, 6] : [15, 12, 50, 18];

  let t = startTime();
  let card = createEmptyCard(new Date(t));
  const steps = [];
  for (let i = 0; i < n; i++) {
    if (i > 0) t = easyStreak ? card.due.getTime() + int(0, 30) * DAY : nextTime(t, card);
    const rating = 1 + pick(ratingWeights);
    const r = easyStreak
      ? 0.7
      : retentionMode === 0
        ? 0.9
        : retentionMode === 1
          ? logRetention
          : retention();
    card = schedulerFor(r).next(card, new Date(t), rating).card;
    steps.push({ reviewed_at: t, rating, desired_retention: r, card: cardJson(card) });
  }
  return { steps };
}

const logs = Array.from({ length: LOG_COUNT }, genLog);

// Compact, but one log per line so diffs stay readable.
const out =
  '{\n' +
  `"ts_fsrs_version":${JSON.stringify(TS_FSRS_VERSION)},\n` +
  `"settings":${JSON.stringify(SETTINGS)},\n` +
  `"w":${JSON.stringify(default_w)},\n` +
  '"logs":[\n' +
  logs.map((l) => JSON.stringify(l)).join(',\n') +
  '\n]}\n';

const path = process.argv[2];
if (path) writeFileSync(path, out);
else process.stdout.write(out);
