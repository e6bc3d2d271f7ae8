#!/usr/bin/env node
// Golden vectors for writeit-core's FSRS port (crates/writeit-core/src/fsrs) and for the app's
// own wrapper of ts-fsrs (web/src/study/scheduler.ts).
//
// Runs the real ts-fsrs over deterministic pseudo-random review logs, exactly as
// `writeit_core::fsrs::replay` does: an empty card created at the first review's time, then
// `fsrs({...app settings, request_retention, w}).next(card, at, rating)` for every review, each
// review carrying its own desired retention. One block of logs per weight set (`SETS`): the
// defaults (no `w` given, as before a learner's first fit), sets fitted by writeit-core's own
// optimiser, random sets inside ts-fsrs's bounds, and the bounds themselves and beyond. Each set
// records the weights given (`w`, null for none) and those ts-fsrs used after clipping
// (`used_w`), so the port's `clip_weights` is held to ts-fsrs's `clipParameters` too.
//
// Usage (from the repository root):
//   npm ci --prefix tools/fsrs-golden
//   node tools/fsrs-golden/generate.mjs crates/writeit-core/tests/data/fsrs_golden.json
// Without an argument the JSON goes to stdout. Where the registry is out of reach, a link
// `tools/fsrs-golden/node_modules -> ../../web/node_modules` (the app's own ts-fsrs, the same
// version) serves as well.

import { readFileSync, writeFileSync } from 'node:fs';
import { CLAMP_PARAMETERS, W17_W18_Ceiling, createEmptyCard, default_w, fsrs } from 'ts-fsrs';

// The package's `exports` map hides package.json, so read it by path.
const TS_FSRS_VERSION = JSON.parse(
  readFileSync(new URL('./node_modules/ts-fsrs/package.json', import.meta.url), 'utf8'),
).version;

// Overridable only for ad-hoc stress runs; the committed file uses the defaults.
const SEED = Number(process.env.FSRS_GOLDEN_SEED ?? 0x5eed_f5b5);
// Logs of the defaults; every other set gets a share (the file stays about 2 MB).
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

// The random draws of one block of logs; `SEED` itself drives the defaults' logs (the file's
// first 200 logs predate the other sets and are kept as they were).
function randomness(seed) {
  const rng = mulberry32(seed);
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
  return { rng, int, pick, retention };
}

// One scheduler per (weights, retention), built as the app builds it.
const schedulers = new Map();
function schedulerFor(w, requestRetention) {
  const key = `${w ? w.join(',') : 'default'}|${requestRetention}`;
  let f = schedulers.get(key);
  if (!f) {
    f = fsrs({ ...SETTINGS, request_retention: requestRetention, ...(w ? { w } : {}) });
    schedulers.set(key, f);
  }
  return f;
}

function startTime({ rng, int }) {
  const day = Date.UTC(2019, 0, 1) + int(0, 7 * 365) * DAY;
  // A third of the logs start within 20 minutes of a UTC midnight.
  if (rng() < 0.35) return day + int(-20 * MIN, 20 * MIN);
  return day + int(0, DAY - 1);
}

function nextTime({ int, pick }, t, card) {
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

function genLog(w, random) {
  const { rng, int, pick, retention } = random;
  const n = int(1, MAX_REVIEWS);
  // Log styles: mostly random; some streaks of Easy at low retention, which
  // reach the 36500-day maximum interval.
  const easyStreak = rng() < 0.06;
  const retentionMode = pick([35, 30, 35]); // 0.9 / one per log / per review
  const logRetention = retention();
  const ratingWeights = easyStreak ? [0, 0, 1, 6] : [15, 12, 50, 18];

  let t = startTime(random);
  let card = createEmptyCard(new Date(t));
  const steps = [];
  for (let i = 0; i < n; i++) {
    if (i > 0) t = easyStreak ? card.due.getTime() + int(0, 30) * DAY : nextTime(random, t, card);
    const rating = 1 + pick(ratingWeights);
    const r = easyStreak
      ? 0.7
      : retentionMode === 0
        ? 0.9
        : retentionMode === 1
          ? logRetention
          : retention();
    card = schedulerFor(w, r).next(card, new Date(t), rating).card;
    steps.push({ reviewed_at: t, rating, desired_retention: r, card: cardJson(card) });
  }
  return { steps };
}

// ts-fsrs's bounds for the app's settings (one relearning step, short-term on).
const BOUNDS = CLAMP_PARAMETERS(W17_W18_Ceiling, SETTINGS.enable_short_term);

// Fitted by writeit-core's optimiser (`writeit_core::fit::fit`) on simulated learners
// (`fit::simulate::learner(seed).with_history(5_000)`), printed by
// `cargo run -p writeit-core --example fitted_weight_sets` (then at 5 training epochs).
const FITTED = [
  // learner 1, 5000 reviews, 3740 items
  [0.1142, 1.7083, 3.2619, 4.5763, 6.3427, 0.9707, 2.8772, 0.1805, 2.078, 0.2438, 1.008, 1.5061, 0.0401, 0.3164, 1.7852, 0.6689, 2.0286, 0.5422, 0.0881, 0.0658, 0.2797],
  // learner 2, 5000 reviews, 3820 items
  [0.1816, 1.3503, 4.6239, 10.8404, 6.6527, 0.8468, 3.1393, 0.001, 1.6271, 0.2154, 0.5386, 1.4946, 0.0519, 0.2778, 1.6691, 0.4425, 1.5726, 0.5425, 0.0912, 0.0658, 0.1037],
  // learner 3, 5000 reviews, 3780 items
  [0.1023, 2.5856, 2.8548, 5.9395, 6.4202, 0.8375, 3.1343, 0.1133, 1.8756, 0.1903, 0.8032, 1.4456, 0.0923, 0.22, 1.6564, 0.4549, 1.673, 0.5425, 0.0912, 0.0658, 0.1168],
  // learner 4, 5000 reviews, 3720 items
  [0.1146, 0.8491, 0.8491, 9.5764, 6.1105, 1.1573, 2.8143, 0.1972, 2.4584, 0.0705, 1.3407, 1.5395, 0.0522, 0.3685, 1.7128, 0.7365, 2.3493, 0.5313, 0.1453, 0.0658, 0.3181],
];

// Uniform within each bound, full double precision; w0..w3 log-uniform, or nearly every
// first interval would be weeks long.
function randomWeights(seed) {
  const { rng } = randomness(seed);
  return BOUNDS.map(([lo, hi], i) =>
    i < 4 ? lo * Math.pow(hi / lo, rng()) : lo + rng() * (hi - lo),
  );
}

// Every weight beyond its bound, below and above in turn, for ts-fsrs to clip ...
const OUTSIDE = BOUNDS.map(([lo, hi], i) => (i % 2 === 0 ? lo - 1.5 : hi * 3 + 0.25));
// ... and the defaults with a few weights a little out, as a hand-edited set might be.
const NEAR_OUTSIDE = default_w.map((v, i) =>
  i === 0 ? 0 : i === 3 ? 120.5 : i === 7 ? 0.8 : i === 16 ? 0.9 : i === 19 ? -0.05 : i === 20 ? 0.95 : v,
);

const minor = Math.ceil(LOG_COUNT / 4); // logs of each further set
const SETS = [
  { name: 'defaults', w: null, logs: LOG_COUNT },
  ...FITTED.map((w, i) => ({ name: `fitted-${i + 1}`, w, logs: Math.ceil(LOG_COUNT / 2.5) })),
  ...[1, 2, 3, 4].map((i) => ({ name: `random-${i}`, w: randomWeights(SEED + 0x1000 + i), logs: minor })),
  { name: 'lower-bounds', w: BOUNDS.map(([lo]) => lo), logs: minor },
  { name: 'upper-bounds', w: BOUNDS.map(([, hi]) => hi), logs: minor },
  { name: 'outside-bounds', w: OUTSIDE, logs: minor },
  { name: 'near-outside-bounds', w: NEAR_OUTSIDE, logs: minor },
];

const sets = SETS.map(({ name, w, logs }, i) => {
  const random = randomness(i === 0 ? SEED : SEED + i);
  const used = schedulerFor(w, 0.9).parameters.w;
  return { name, w, used_w: [...used], logs: Array.from({ length: logs }, () => genLog(w, random)) };
});

// Compact, but one log per line so diffs stay readable.
const out =
  '{\n' +
  `"ts_fsrs_version":${JSON.stringify(TS_FSRS_VERSION)},\n` +
  `"settings":${JSON.stringify(SETTINGS)},\n` +
  '"sets":[\n' +
  sets
    .map(
      ({ name, w, used_w, logs }) =>
        `{"name":${JSON.stringify(name)},\n"w":${JSON.stringify(w)},\n"used_w":${JSON.stringify(used_w)},\n"logs":[\n` +
        logs.map((l) => JSON.stringify(l)).join(',\n') +
        '\n]}',
    )
    .join(',\n') +
  '\n]}\n';

const path = process.argv[2];
if (path) writeFileSync(path, out);
else process.stdout.write(out);
