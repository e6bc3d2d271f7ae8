import { describe, expect, it } from 'vitest';
import type { Deck, UserEntry } from '../api/generated/types';
import type { OutboxBefore, OutboxItem } from './db';
import { baseOf, findQueued, heldRowIds, isPending, restoreOf, rowKey, settle, type TableRow } from './ledger';

const deck = (id: string, title: string, updatedAt = 1): Deck => ({
  id,
  languageCode: 'ko',
  title,
  description: '',
  entryIds: [],
  position: 0,
  updatedAt,
  deleted: false,
});
const userEntry = (entryId: string, enabled: boolean): UserEntry => ({ id: `u-${entryId}`, entryId, enabled, updatedAt: 1, deleted: false });

const before = (key: string, row: Deck | null): OutboxBefore => ({ table: 'decks', key, row });
const item = (seq: number, befores: OutboxBefore[], state?: 'pending' | 'failed'): OutboxItem => ({
  seq,
  procedure: 'saveDeck',
  input: {},
  queuedAt: 0,
  attempts: 0,
  ...(state ? { state } : {}),
  before: befores,
});
const row = (d: Deck): TableRow => ({ table: 'decks', row: d });

describe('settle: a row arriving from the server × the queue', () => {
  const served = deck('a', 'served', 9);
  const cases: {
    name: string;
    arriving: TableRow[];
    queued: OutboxItem[];
    stored: string[];
    /** seq → the `before` row's title of deck 'a' after. */
    befores: Record<number, string | null>;
  }[] = [
    { name: 'no queue: stored', arriving: [row(served)], queued: [], stored: ['a'], befores: {} },
    {
      name: 'pending write on another row: stored',
      arriving: [row(served)],
      queued: [item(1, [before('b', null)])],
      stored: ['a'],
      befores: {},
    },
    {
      name: 'pending write on the row: held, becomes its before',
      arriving: [row(served)],
      queued: [item(1, [before('a', null)])],
      stored: [],
      befores: { 1: 'served' },
    },
    {
      name: 'two pending writes on the row: both know the served row',
      arriving: [row(served)],
      queued: [item(1, [before('a', deck('a', 'old'))]), item(2, [before('a', deck('a', 'old'))])],
      stored: [],
      befores: { 1: 'served', 2: 'served' },
    },
    {
      name: 'refused write on the row: stored, its before untouched',
      arriving: [row(served)],
      queued: [item(1, [before('a', deck('a', 'old'))], 'failed')],
      stored: ['a'],
      befores: {},
    },
    {
      name: 'a page: the held row kept back, the others stored',
      arriving: [row(deck('x', 'x')), row(served), row(deck('y', 'y'))],
      queued: [item(1, [before('a', null), before('z', null)])],
      stored: ['x', 'y'],
      befores: { 1: 'served' },
    },
  ];
  it.each(cases)('$name', ({ arriving, queued, stored, befores }) => {
    const out = settle(arriving, queued);
    expect(out.store.map((r) => r.row.id)).toEqual(stored);
    const after = Object.fromEntries(
      out.updated.map((u) => [u.seq, (u.before?.find((b) => b.key === 'a')?.row as Deck | null | undefined)?.title ?? null]),
    );
    expect(after).toEqual(befores);
    // Pure: the queue given is not changed.
    expect(queued.flatMap((q) => q.before ?? []).some((b) => b.row === served)).toBe(false);
  });

  it('keys userEntries by entryId', () => {
    const ue = userEntry('e1', true);
    const queued = [{ ...item(1, []), before: [{ table: 'userEntries' as const, key: 'e1', row: null }] }];
    expect(rowKey('userEntries', ue)).toBe('e1');
    expect(settle([{ table: 'userEntries', row: ue }], queued).store).toEqual([]);
  });
});

describe('baseOf: the before of a new item', () => {
  const cases: { name: string; queued: OutboxItem[]; expected: string | null }[] = [
    { name: 'nothing queued: the row as it is', queued: [], expected: 'local' },
    { name: 'an earlier pending write: the row it knows', queued: [item(1, [before('a', deck('a', 'server'))])], expected: 'server' },
    { name: 'it knew none: none', queued: [item(1, [before('a', null)])], expected: null },
    {
      name: 'two earlier: the earliest one',
      queued: [item(1, [before('a', deck('a', 'first'))]), item(2, [before('a', deck('a', 'second'))])],
      expected: 'first',
    },
    { name: 'a refused one: ignored', queued: [item(1, [before('a', deck('a', 'server'))], 'failed')], expected: 'local' },
  ];
  it.each(cases)('$name', ({ queued, expected }) => {
    const [b] = baseOf([before('a', deck('a', 'local'))], queued);
    expect((b?.row as Deck | null)?.title ?? null).toBe(expected);
  });
});

describe('restoreOf: what a refused item puts back', () => {
  const refused = item(1, [before('a', deck('a', 'server')), before('b', null)]);
  const cases: { name: string; later: OutboxItem[]; expected: string[] }[] = [
    { name: 'nothing later: every row it wrote', later: [], expected: ['a', 'b'] },
    { name: 'a later pending write on a row: that row stays', later: [item(2, [before('a', null)])], expected: ['b'] },
    { name: 'a later refused write: does not hold', later: [item(2, [before('a', null)], 'failed')], expected: ['a', 'b'] },
  ];
  it.each(cases)('$name', ({ later, expected }) => {
    expect(restoreOf(refused, later).map((b) => b.key)).toEqual(expected);
  });
});

describe('the queue', () => {
  it('holds the rows of pending items only', () => {
    const ids = heldRowIds([item(1, [before('a', null)]), item(2, [before('b', null)], 'failed')]);
    expect([...ids]).toEqual(['decks/a']);
    expect(isPending(item(3, []))).toBe(true);
    expect(isPending(item(3, [], 'failed'))).toBe(false);
  });

  it('finds a queued save by its input id', () => {
    const review = { ...item(1, []), procedure: 'saveUserReview', input: { id: 'r1' } };
    expect(findQueued([review], 'saveUserReview', 'r1')?.seq).toBe(1);
    expect(findQueued([{ ...review, state: 'failed' }], 'saveUserReview', 'r1')).toBeUndefined();
    expect(findQueued([review], 'saveUserReview', 'r2')).toBeUndefined();
  });
});
