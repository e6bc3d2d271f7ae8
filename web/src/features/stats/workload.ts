// The workload a deck's desired retention implies, as its statistics tab says it (pure; uses the
// scheduler, so it loads with the statistics, never with Home): the reviews a day of its started
// cards (stats.ts workloadEstimate, from the 30-day forecast), plus those of the new cards the
// deck introduces a day while they last, each new card answered Good through its steps and
// reviews as ts-fsrs schedules it. The learner's memory model (MemoryModel.tsx) simulates every
// deck on the server; this is the same question for one deck, said in its own words.
import { nextSchedule, type Schedule } from '../../study/scheduler';
import { workloadEstimate } from './stats';

const DAY = 86_400_000;

/** Reviews one new card asks within `days` of its introduction, answered Good every time. */
export function newCardReviews(days: number, retention: number, weights?: readonly number[]): number {
  const end = days * DAY;
  let card: Schedule | null = null;
  let at = 0;
  let count = 0;
  // A card's intervals grow quickly: a handful of steps covers any window of months.
  while (at < end && count < 100) {
    card = nextSchedule(card, at, 3, retention, weights);
    count++;
    at = card.due;
  }
  return count;
}

export interface DeckWorkload {
  /** Reviews a day of the started cards. */
  started: number;
  /** Reviews a day of the new cards introduced in the window. */
  fresh: number;
  total: number;
}

/** Reviews a day over the forecast's days at `target` retention: the started cards' (from the
 * forecast made at `current`) and the new cards' (`newPerDay` a day while `newLeft` last). */
export function deckWorkload(
  forecast: readonly number[],
  current: number,
  target: number,
  newPerDay: number,
  newLeft: number,
  weights?: readonly number[],
): DeckWorkload {
  const days = forecast.length;
  const started = workloadEstimate(forecast, current, target);
  let left = newLeft;
  let reviews = 0;
  const perCard = new Map<number, number>();
  for (let d = 0; d < days && left > 0; d++) {
    const n = Math.min(newPerDay, left);
    left -= n;
    const window = days - d;
    let r = perCard.get(window);
    if (r === undefined) perCard.set(window, (r = newCardReviews(window, target, weights)));
    reviews += n * r;
  }
  const fresh = days > 0 ? reviews / days : 0;
  return { started, fresh, total: started + fresh };
}
