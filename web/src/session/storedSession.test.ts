import { describe, expect, it } from 'vitest';
import { AUTH_KEY, sessionStored } from './storedSession';

describe('sessionStored', () => {
  it('says whether the auth key holds anything', () => {
    const items = new Map<string, string>();
    const storage = { getItem: (k: string) => items.get(k) ?? null };
    expect(sessionStored(storage)).toBe(false);
    items.set(AUTH_KEY, '{}');
    expect(sessionStored(storage)).toBe(true);
  });

  it('is false without storage or when reading it fails', () => {
    expect(sessionStored(null)).toBe(false);
    expect(sessionStored({ getItem: () => { throw new Error('denied'); } })).toBe(false);
  });
});
