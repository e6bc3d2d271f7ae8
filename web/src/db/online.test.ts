// The direct calls against a real `writeit serve`: the answer is stored as an outbox answer is.
import { describe, expect, it } from 'vitest';
import { harnessesPerTest } from './testing/harness';
import { optimizeUserParameters } from './online';

const make = harnessesPerTest();

describe('optimizeUserParameters', () => {
  it('stores the answered row under the learner’s id, in the table and the cache', async () => {
    const h = await make();
    const userId = await h.signIn();
    const row = await optimizeUserParameters(h.engine);
    // No reviews: nothing to fit, the defaults recorded.
    expect(row).toMatchObject({ id: userId, fitted: false, reviews: 0, deleted: false });
    expect(row.weights).toHaveLength(21);
    expect(await h.db.userParameters.get(userId)).toEqual(row);
    expect(h.cache.get('userParameters', userId)).toEqual(row);
    expect(h.procedures()).toContain('optimizeUserParameters');
  });

  it('rejects offline, storing nothing', async () => {
    const h = await make();
    const userId = await h.signIn();
    h.net.down = true;
    await expect(optimizeUserParameters(h.engine)).rejects.toThrow();
    expect(await h.db.userParameters.get(userId)).toBeUndefined();
  });
});
