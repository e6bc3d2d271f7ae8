// Reads of the learner's reviews (userReviews): their times for the streak, and the reviews of
// some entries for the statistics.
import { useLiveQuery } from 'dexie-react-hooks';
import type { UserReview } from '../../api/generated/types';
import { db } from '../db';
import { isLive } from './live';

/** When the learner reviewed, every review (index keys only: cheap even for many reviews). For the
 * streak: an answer taken back later still counts, since the learner did study that day. */
export function useReviewTimes(): number[] | undefined {
  return useLiveQuery(async () => (await db.userReviews.orderBy('reviewedAt').keys()) as number[], []);
}

/** Reviews of the given entries (all when null), taken-back ones left out. */
export function useReviewsOf(entryIds: readonly string[] | null): UserReview[] | undefined {
  return useLiveQuery(async () => {
    const rows = entryIds === null ? await db.userReviews.toArray() : await db.userReviews.where('entryId').anyOf([...entryIds]).toArray();
    return rows.filter(isLive);
  }, [entryIds]);
}
