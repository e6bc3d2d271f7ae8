import { describe, expect, it } from 'vitest';
import { createSessionStore } from './session';

describe('session store', () => {
  it('starts as a guest, signs in, refreshes the token, signs out', async () => {
    const s = createSessionStore();
    const seen: (string | null)[] = [];
    const stop = s.onSessionChange((x) => seen.push(x?.userId ?? null));
    expect(s.getSession()).toBeNull();
    expect(await s.getIdToken()).toBeNull();

    s.setSession({ userId: 'u1', idToken: 't1' });
    expect(s.getSession()).toEqual({ userId: 'u1' });
    expect(await s.getIdToken()).toBe('t1');
    // A new token for the same user is not a change of session.
    s.setSession({ userId: 'u1', idToken: () => Promise.resolve('t2') });
    expect(await s.getIdToken()).toBe('t2');
    s.setSession(null);
    expect(s.getSession()).toBeNull();
    expect(await s.getIdToken()).toBeNull();
    stop();
    s.setSession({ userId: 'u2', idToken: 't' });
    expect(seen).toEqual(['u1', null]);
  });
});
