// A simulated learner with a long review history, for the memory model's journey (issue 27): a
// seeded learner whose TRUE FSRS-6 weights differ from the defaults studies a few new cards a day
// for months; each card is scheduled with ts-fsrs under the true weights and each answer drawn
// from the true retrievability at the review, so the server's fit has something to find. The
// history is sent through the real API (saveUserReview, 32 calls per batched request).
import { expect, type APIRequestContext } from '@playwright/test';
import { createEmptyCard, default_w, fsrs, type Card, type Grade } from 'ts-fsrs';
import type { CardKind, SaveUserReviewInput } from '../src/api/generated/types';
import { cardId } from '../src/db/cardId';
import { seededRandom } from '../src/study/quiz';

const DAY = 86_400_000;

/** The learner's true weights: the defaults with a memory that fades faster at first (initial
 * stabilities a third of the defaults') and grows slower after a success. */
export const TRUE_WEIGHTS: readonly number[] = default_w.map((w, i) => (i <= 3 ? w * 2.5 : i === 8 ? w * 0.7 : w));

export interface HistoryOptions {
  seed: number;
  /** The entries whose cards are studied (two kinds each). */
  entryIds: readonly string[];
  /** The present (ms): no review after it. */
  now: number;
  /** Days of history. */
  days: number;
  /** New cards a day. */
  newPerDay: number;
}

/** The reviews of a learner who began `days` ago, oldest first. */
export function simulateHistory({ seed, entryIds, now, days, newPerDay }: HistoryOptions): SaveUserReviewInput[] {
  // mulberry32, the quiz's seeded generator: every run sends the same history.
  const rand = seededRandom(seed);
  const f = fsrs({ w: [...TRUE_WEIGHTS], enable_fuzz: false, enable_short_term: false, request_retention: 0.8 });
  const start = Math.floor((now - days * DAY) / DAY) * DAY;
  const kinds: CardKind[] = ['meaning', 'reading'];
  const cards = entryIds.flatMap((entryId) => kinds.map((kind) => ({ entryId, kind })));
  const reviews: SaveUserReviewInput[] = [];
  for (const [i, { entryId, kind }] of cards.entries()) {
    // Introduced in order, `newPerDay` a day, at some hour of the day.
    let at = start + Math.floor(i / newPerDay) * DAY + Math.floor((8 + rand() * 12) * 3_600_000);
    if (at > now) break;
    let card: Card = createEmptyCard(new Date(at));
    let rating: Grade = firstRating(rand());
    for (let n = 0; at <= now; n++) {
      reviews.push(review(rand, entryId, kind, rating, at));
      card = f.next(card, new Date(at), rating).card;
      // Reviewed on the day it is due, at some hour of that day.
      at = Math.floor(card.due.getTime() / DAY) * DAY + Math.floor((8 + rand() * 12) * 3_600_000);
      if (at > now) break;
      const recalled = rand() < f.get_retrievability(card, new Date(at), false);
      rating = recalled ? passRating(rand()) : 1;
    }
  }
  return reviews.sort((a, b) => a.reviewedAt - b.reviewedAt);
}

const firstRating = (u: number): Grade => (u < 0.2 ? 1 : u < 0.3 ? 2 : u < 0.85 ? 3 : 4) as Grade;
const passRating = (u: number): Grade => (u < 0.1 ? 2 : u < 0.9 ? 3 : 4) as Grade;

function review(rand: () => number, entryId: string, kind: CardKind, rating: Grade, reviewedAt: number): SaveUserReviewInput {
  const hex = () => Math.floor(rand() * 0x1_0000_0000).toString(16).padStart(8, '0');
  // A UUIDv7-shaped id from the seeded generator (the time in its first 48 bits).
  const time = reviewedAt.toString(16).padStart(12, '0');
  const r = hex() + hex() + hex();
  const id = `${time.slice(0, 8)}-${time.slice(8, 12)}-7${r.slice(0, 3)}-${((parseInt(r[3]!, 16) & 3) | 8).toString(16)}${r.slice(4, 7)}-${r.slice(7, 19)}`;
  return { id, cardId: cardId(entryId, kind), entryId, kind, rating, reviewedAt, durationMs: 3000 + Math.floor(rand() * 9000) };
}

/** Sends the reviews, 32 calls per batched request (the server's limit), in order. */
export async function sendReviews(request: APIRequestContext, token: string, reviews: readonly SaveUserReviewInput[]): Promise<void> {
  for (let i = 0; i < reviews.length; i += 32) {
    const batch = reviews.slice(i, i + 32);
    const names = batch.map(() => 'saveUserReview').join(',');
    const body = Object.fromEntries(batch.map((r, j) => [String(j), r]));
    const res = await request.post(`/api/trpc/${names}?batch=1`, { data: body, headers: { authorization: `Bearer ${token}` } });
    expect(res.ok(), `reviews ${i}..: HTTP ${res.status()} ${await res.text()}`).toBe(true);
  }
}
