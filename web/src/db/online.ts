// Mutations that only mean something online, so they are called directly and never queued in the
// outbox (which holds the writes a learner makes offline, DESIGN §6): fitting the learner's memory
// model now (issue 27). The answer is stored as the outbox stores an acknowledged item's
// (outbox.ts storeAnswer); then a sync brings the cards the server rescheduled with the new weights.
import type { UserParameters } from '../api/generated/types';
import { storeAnswer } from './outbox';
import { syncEngine, type SyncEngine } from './sync';

/** Fits the signed-in learner's FSRS weights to their reviews now and stores the answered row.
 * Rejects as the call does: a network error offline, the server's refusal otherwise. */
export async function optimizeUserParameters(engine: SyncEngine = syncEngine()): Promise<UserParameters> {
  const row = await engine.api.optimizeUserParameters.mutate();
  await storeAnswer(engine.db, engine.cache, 'optimizeUserParameters', row);
  // A fit that changed the weights rescheduled every card on the server.
  void engine.syncAfter();
  return row;
}
