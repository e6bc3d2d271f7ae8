// The tombstone rule: absent and deleted rows are hidden alike, order is kept.
import { describe, expect, it } from 'vitest';
import { isLive, liveRows, present } from './live';

const row = (id: string, deleted = false) => ({ id, deleted });

describe('tombstones', () => {
  it.each([
    ['a live row', row('a'), true],
    ['a tombstone', row('a', true), false],
    ['an absent row', undefined, false],
    ['null', null, false],
  ])('isLive: %s → %s', (_name, r, live) => {
    expect(isLive(r)).toBe(live);
    expect(present(r)).toBe(live ? r : null);
  });

  it('liveRows keeps the live rows in order, dropping misses and tombstones', () => {
    const a = row('a');
    const c = row('c');
    expect(liveRows([a, undefined, row('b', true), null, c])).toEqual([a, c]);
    expect(liveRows([])).toEqual([]);
  });
});
