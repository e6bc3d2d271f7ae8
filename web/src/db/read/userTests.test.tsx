// @vitest-environment jsdom
// The hooks over a deck's tests follow the table live: a save shows at once, a tombstone drops the
// test, and without a deck there are none.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { v7 as uuidv7 } from 'uuid';
import type { UserTest } from '../../api/generated/types';
import { db } from '../db';
import { useLastTest, useTestsOf } from './userTests';

afterEach(async () => {
  cleanup();
  await db.userTests.clear();
});

const test = (deckId: string, startedAt: number, over: Partial<UserTest> = {}): UserTest => ({
  id: uuidv7(), deckId, startedAt, finishedAt: null, rescheduled: false, answers: [], updatedAt: 0, deleted: false, ...over,
});

describe('useTestsOf and useLastTest', () => {
  it('follow the deck’s tests live, newest first', async () => {
    const deckId = uuidv7();
    const tests = renderHook(() => useTestsOf(deckId));
    const last = renderHook(() => useLastTest(deckId));
    await waitFor(() => {
      expect(last.result.current).toBeNull();
      expect(tests.result.current).toEqual([]);
    });

    const first = test(deckId, 1_000, { rescheduled: true });
    await act(() => db.userTests.put(first));
    await waitFor(() => expect(last.result.current).toEqual(first));
    const second = test(deckId, 2_000);
    await act(() => db.userTests.bulkPut([second, test(uuidv7(), 3_000)]));
    // Two live queries wake one after the other: wait for both.
    await waitFor(() => {
      expect(tests.result.current?.map((t) => t.id)).toEqual([second.id, first.id]);
      expect(last.result.current).toEqual(second);
    });

    // Deleted, the newest is no test: the one before is the last again (its switch the default).
    await act(() => db.userTests.put({ ...second, deleted: true }));
    await waitFor(() => {
      expect(last.result.current).toEqual(first);
      expect(tests.result.current).toEqual([first]);
    });
  });

  it('read nothing without a deck', async () => {
    const tests = renderHook(() => useTestsOf(undefined));
    const last = renderHook(() => useLastTest(undefined));
    await waitFor(() => {
      expect(last.result.current).toBeNull();
      expect(tests.result.current).toEqual([]);
    });
  });
});
