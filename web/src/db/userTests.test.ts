// A learner's tests (issue 35) on the device against a real `writeit serve`: saveUserTest writes
// the row and queues it in one transaction, a test saved after every answer ends on the server
// as its last save, a guest's waits for sign-in, a refused one is undone and named; and the reads
// of a deck's tests.
import { beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { TEST_TEXT_MAX, type Deck, type UserTest, type UserTestAnswer } from '../api/generated/types';
import { testInput, type NewTest } from './mutations';
import { readLastTest, readTestsOf } from './read/userTests';
import { refusedWhat } from './refusal';
import { harnessesPerTest, newUserId, serverApi, type Harness } from './testing/harness';

const make = harnessesPerTest();

let deck: Deck;
beforeAll(async () => {
  const decks = await serverApi(null).queryDecks.query({ offset: 0, limit: 10 });
  deck = decks.find((d) => !d.deleted && d.entryIds.length >= 3) as Deck;
  expect(deck).toBeDefined();
});

const T0 = Date.UTC(2026, 0, 1);

function answer(i: number, over: Partial<UserTestAnswer> = {}): UserTestAnswer {
  return {
    entryId: deck.entryIds[i] as string,
    kind: 'meaning',
    type: 'choice',
    prompt: `prompt ${i}`,
    given: 'school',
    expected: 'school',
    verdict: 'correct',
    answeredAt: T0 + (i + 1) * 1000,
    reviewId: null,
    ...over,
  };
}

/** A test of the deck with `n` answers, under way. */
const test = (n: number, over: Partial<NewTest> = {}): NewTest => ({
  deckId: deck.id,
  startedAt: T0,
  finishedAt: null,
  rescheduled: false,
  answers: Array.from({ length: n }, (_, i) => answer(i)),
  ...over,
});

async function settle(h: Harness): Promise<void> {
  await h.engine.flush();
  await h.engine.flush();
}

async function serverTests(h: Harness): Promise<UserTest[]> {
  return serverApi(await h.session.getIdToken()).queryUserTests.query({ offset: 0 });
}

describe('saveUserTest', () => {
  it('writes the row and queues it at once; the server’s row replaces it when acknowledged', async () => {
    const h = await make({ userId: newUserId() });
    h.net.down = true;
    const row = await h.mutations.saveUserTest(test(1));
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row).toMatchObject({ deckId: deck.id, finishedAt: null, updatedAt: 0, deleted: false });
    expect(await h.db.userTests.get(row.id)).toEqual(row);
    expect(h.cache.get('userTests', row.id)).toEqual(row);
    const [item] = await h.db.outbox.toArray();
    expect(item).toMatchObject({ procedure: 'saveUserTest', input: testInput(row), before: [{ table: 'userTests', key: row.id, row: null }] });

    h.net.down = false;
    await settle(h);
    expect(await h.db.outbox.count()).toBe(0);
    const [stored] = await serverTests(h);
    expect(stored?.updatedAt).toBeGreaterThan(0);
    expect(stored).toEqual({ ...row, updatedAt: stored?.updatedAt });
    expect(await h.db.userTests.get(row.id)).toEqual(stored);
  });

  it('saved after every answer while offline, ends on the server as its last save, sent in order', async () => {
    const h = await make({ userId: newUserId() });
    h.net.down = true;
    const first = await h.mutations.saveUserTest(test(1));
    await h.mutations.saveUserTest({ ...test(2), id: first.id });
    const last = await h.mutations.saveUserTest({ ...test(3, { rescheduled: true, finishedAt: T0 + 60_000 }), id: first.id });
    // Each save is its own item on the one row, each knowing the server's version: none yet.
    const items = await h.db.outbox.toArray();
    expect(items.map((i) => i.procedure)).toEqual(['saveUserTest', 'saveUserTest', 'saveUserTest']);
    expect(items.map((i) => i.before?.[0]?.row ?? null)).toEqual([null, null, null]);
    expect(await h.db.userTests.get(first.id)).toEqual(last);

    h.net.down = false;
    h.calls.length = 0;
    await h.engine.sync();
    expect(h.procedures().filter((p) => p === 'saveUserTest')).toHaveLength(3);
    expect(h.procedures()).toContain('queryUserTests');
    const server = await serverTests(h);
    expect(server).toHaveLength(1);
    expect(server[0]).toMatchObject({ id: first.id, rescheduled: true, finishedAt: T0 + 60_000 });
    expect(server[0]?.answers).toHaveLength(3);
    expect(await h.db.userTests.get(first.id)).toEqual(server[0]);
  });

  it('a guest’s test waits in the outbox, shown on the device, until someone signs in', async () => {
    const h = await make();
    const row = await h.mutations.saveUserTest(test(2));
    await settle(h);
    expect(h.procedures()).not.toContain('saveUserTest');
    expect(h.engine.getState().pending).toBe(1);
    expect(await readLastTest(deck.id, h.db)).toEqual(row);

    await h.signIn();
    await h.engine.sync();
    expect(h.procedures()).toContain('saveUserTest');
    expect(h.engine.getState().pending).toBe(0);
    expect((await serverTests(h)).map((t) => t.id)).toEqual([row.id]);
    expect((await readLastTest(deck.id, h.db))?.updatedAt).toBeGreaterThan(0);
  });

  it('a refused test is undone on the device and listed by its deck', async () => {
    const h = await make({ userId: newUserId() });
    await h.db.decks.put(deck);
    const long = answer(0, { given: 'x'.repeat(TEST_TEXT_MAX + 1) });
    const row = await h.mutations.saveUserTest(test(1, { answers: [long] }));
    await settle(h);
    expect(h.engine.getState()).toMatchObject({ pending: 0, refused: 1 });
    expect(await h.db.userTests.get(row.id)).toBeUndefined();
    const [refused] = await h.engine.refusedChanges();
    expect(refused).toMatchObject({ procedure: 'saveUserTest', name: deck.title });
    expect(refused?.refusal).toMatchObject({ code: 'BAD_REQUEST', reason: 'tooLong', field: 'answers[0].given' });
    expect(refusedWhat('saveUserTest', deck.title)).toEqual({ key: 'refused.saveUserTest', params: { name: deck.title } });
  });

  it('deletes a test by its tombstone: gone from the reads, deleted on the server', async () => {
    const h = await make({ userId: newUserId() });
    const older = await h.mutations.saveUserTest(test(1));
    const newer = await h.mutations.saveUserTest(test(2, { startedAt: T0 + 3_600_000 }));
    expect((await readLastTest(deck.id, h.db))?.id).toBe(newer.id);
    await h.mutations.saveUserTest({ ...newer, deleted: true });
    expect((await readLastTest(deck.id, h.db))?.id).toBe(older.id);
    await settle(h);
    const server = await serverTests(h);
    expect(server.find((t) => t.id === newer.id)).toMatchObject({ deleted: true });
    expect(server.find((t) => t.id === older.id)).toMatchObject({ deleted: false });
    expect((await readTestsOf(deck.id, h.db)).map((t) => t.id)).toEqual([older.id]);
  });
});

describe('testInput', () => {
  it('sends the wire fields only, in whole ms, and never an end before the start', () => {
    const answered = { ...answer(0, { answeredAt: T0 + 1234.6 }), shown: ['a', 'b'] };
    const row = { ...test(0), id: uuidv7(), startedAt: T0 + 0.4, finishedAt: T0 - 5_000, answers: [answered], deleted: false };
    const input = testInput(row);
    expect(input).toEqual({ ...row, startedAt: T0, finishedAt: T0, answers: [answer(0, { answeredAt: T0 + 1235 })], deleted: undefined });
    expect('deleted' in input).toBe(false);
    expect(testInput({ ...row, finishedAt: null, deleted: true })).toMatchObject({ finishedAt: null, deleted: true });
  });
});

describe('the reads of a deck’s tests', () => {
  it('lists the live tests of the deck, newest first; the last is the newest, or null', async () => {
    const h = await make();
    const row = (id: string, deckId: string, startedAt: number, deleted = false): UserTest => ({
      ...test(1), id, deckId, startedAt, updatedAt: 1, deleted,
    });
    const other = uuidv7();
    await h.db.userTests.bulkPut([
      row('0190a4b2-0000-7000-8000-000000000001', deck.id, T0),
      row('0190a4b2-0000-7000-8000-000000000003', deck.id, T0 + 10),
      row('0190a4b2-0000-7000-8000-000000000002', deck.id, T0 + 10),
      row('0190a4b2-0000-7000-8000-000000000004', deck.id, T0 + 20, true),
      row('0190a4b2-0000-7000-8000-000000000005', other, T0 + 30),
    ]);
    expect((await readTestsOf(deck.id, h.db)).map((t) => t.id.slice(-1))).toEqual(['3', '2', '1']);
    expect((await readLastTest(deck.id, h.db))?.id.slice(-1)).toBe('3');
    expect((await readLastTest(other, h.db))?.id.slice(-1)).toBe('5');
    expect(await readLastTest(uuidv7(), h.db)).toBeNull();
  });
});
