// Reads of the learner's parameters (userParameters: one row, keyed by their user id, holding the
// FSRS-6 weights fitted to their reviews, the fit's figures and the workload simulation; docs/rpc.md
// "Fitted parameters"). Read by the signed-in user's id, so a guest (no session) reads nothing and
// schedules with the defaults. A tombstone is no row (live.ts).
import { useLiveQuery } from 'dexie-react-hooks';
import type { UserParameters } from '../../api/generated/types';
import { getSession } from '../../session/session';
import { db, type WriteItDb } from '../db';
import { present, type Loaded } from './live';

/** The row of `userId` (null: none, or no user). */
export async function readUserParameters(userId: string | undefined, from: WriteItDb = db): Promise<UserParameters | null> {
  return userId ? present(await from.userParameters.get(userId)) : null;
}

/** The weights a row schedules with; undefined (the defaults) for no row. */
export function weightsOf(row: UserParameters | null | undefined): readonly number[] | undefined {
  return row && row.weights.length > 0 ? row.weights : undefined;
}

/** The row of the signed-in user `userId`, live: undefined while reading, null when there is
 * none (a guest, or not synced yet). */
export function useUserParameters(userId: string | undefined): Loaded<UserParameters> {
  return useLiveQuery(() => readUserParameters(userId), [userId]);
}

/** The weights to schedule the signed-in learner's cards with (fitted, or the defaults the server
 * recorded), or undefined when there is no row (a guest, or before the first sync): the defaults. */
export async function currentWeights(from: WriteItDb = db, userId = getSession()?.userId): Promise<readonly number[] | undefined> {
  return weightsOf(await readUserParameters(userId, from));
}
