// The auth state machine against the real identity service of the test server: sign-up and
// sign-in, the ID token on calls and its refresh, rotation, sign-out revoking and clearing, the
// token-sync URL, ended sessions (a refused token renewed, or the session ended with its data
// kept for the same account, another account asked first), and the error codes the UI maps to
// messages.
import { describe, expect, it, vi } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { createApi } from '../api/client';
import { IdentityClient, IdentityError, authErrorKey } from '../api/identity';
import { server } from '../db/testing/harness';
import { memoryStorage } from '../db/sync';
import { AccountSwitchDeclined, AUTH_KEY, AuthStore, ENDED_KEY, REFRESH_MARGIN_MS, REFUSED_REFRESH_GAP_MS } from './auth';
import { createSessionStore } from './session';

const PASSWORD = 'a quiet river 42';
const newEmail = () => `learner-${uuidv7()}@example.com`;

function setup(opts: { now?: () => number; tokenSyncUrl?: string; fetch?: typeof fetch; unsent?: () => number } = {}) {
  const client = new IdentityClient({ url: `${server().url}/identity/v1`, now: opts.now });
  const session = createSessionStore();
  const storage = memoryStorage();
  const clearUserData = vi.fn(async () => {});
  const unsent = opts.unsent ?? (() => 0);
  const store = new AuthStore({
    client,
    session,
    storage,
    clearUserData,
    localUserChanges: async () => unsent(),
    now: opts.now,
    tokenSyncUrl: opts.tokenSyncUrl ?? '',
    fetch: opts.fetch,
  });
  store.start();
  const api = createApi({ url: server().trpcUrl, getIdToken: () => session.getIdToken(), onUnauthorized: (t) => session.tokenRefused(t) });
  return { client, session, storage, clearUserData, store, api };
}

describe('auth store', () => {
  it('starts as a guest, signs up, and calls the API as the user', async () => {
    const { store, session, api } = setup();
    expect(store.getState().status).toBe('guest');
    const email = newEmail();
    await store.signUp(email, PASSWORD);
    const state = store.getState();
    expect(state.status).toBe('user');
    expect(state.user?.email).toBe(email);
    expect(session.getSession()?.userId).toBe(state.user?.id);
    // A user-only query works with the token the store hands out.
    await expect(api.queryUserDecks.query({ offset: 0 })).resolves.toEqual([]);
  });

  it('refuses wrong passwords and unknown emails alike', async () => {
    const { store, client } = setup();
    const email = newEmail();
    await client.signUp(email, PASSWORD);
    const wrong = await store.signIn(email, 'not the password').catch((e: unknown) => e);
    const unknown = await store.signIn(newEmail(), PASSWORD).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(IdentityError);
    expect((wrong as IdentityError).code).toBe('auth/invalid-credential');
    expect((unknown as IdentityError).code).toBe('auth/invalid-credential');
    expect(authErrorKey(wrong)).toBe('auth.error.invalid-credential');
    expect(store.getState().status).toBe('guest');
  });

  it('maps a weak password and a taken email', async () => {
    const { client } = setup();
    const email = newEmail();
    const weak = await client.signUp(email, 'short').catch((e: unknown) => e);
    expect((weak as IdentityError).code).toBe('auth/password-does-not-meet-requirements');
    await client.signUp(email, PASSWORD);
    const taken = await client.signUp(email, PASSWORD).catch((e: unknown) => e);
    expect((taken as IdentityError).code).toBe('auth/email-already-in-use');
  });

  it('reports a network failure as network-request-failed', async () => {
    const client = new IdentityClient({ url: 'http://127.0.0.1:9/identity/v1' });
    const e = await client.signInWithPassword(newEmail(), PASSWORD).catch((err: unknown) => err);
    expect((e as IdentityError).code).toBe('auth/network-request-failed');
  });

  it('refreshes the ID token before it expires, rotating the refresh token', async () => {
    let clock = Date.now();
    const { store, storage, client } = setup({ now: () => clock });
    await store.signUp(newEmail(), PASSWORD);
    const first = JSON.parse(storage.getItem(AUTH_KEY) ?? '{}') as { idToken: string; refreshToken: string; expiresAt: number };
    expect(await store.getIdToken()).toBe(first.idToken);
    // Within the margin of expiry: the next call refreshes first.
    clock = first.expiresAt - REFRESH_MARGIN_MS + 1;
    const [a, b] = await Promise.all([store.getIdToken(), store.getIdToken()]); // one refresh, shared
    expect(a).toBe(b);
    const second = JSON.parse(storage.getItem(AUTH_KEY) ?? '{}') as { refreshToken: string };
    expect(second.refreshToken).not.toBe(first.refreshToken);
    // The spent refresh token is refused; presenting it revoked the whole session.
    const reused = await client.refresh(first.refreshToken).catch((e: unknown) => e);
    expect((reused as IdentityError).code).toBe('auth/user-token-expired');
    const after = await client.refresh(second.refreshToken).catch((e: unknown) => e);
    expect(after).toBeInstanceOf(IdentityError);
  });

  it('ends a revoked session as a guest, keeping local data until someone else signs in', async () => {
    let clock = Date.now();
    const { store, storage, client, clearUserData } = setup({ now: () => clock });
    const email = newEmail();
    await store.signUp(email, PASSWORD);
    const userId = store.getState().user?.id;
    const stored = JSON.parse(storage.getItem(AUTH_KEY) ?? '{}') as { idToken: string };
    // Signing out everywhere (ID token alone) revokes this store's refresh token too.
    await client.signOut({ idToken: stored.idToken });
    clock += 24 * 3600_000;
    expect(await store.getIdToken()).toBeNull();
    expect(store.getState()).toEqual({ status: 'guest', ended: { userId, email, reason: 'revoked' } });
    expect(JSON.parse(storage.getItem(ENDED_KEY) ?? '{}')).toEqual({ userId, email, reason: 'revoked' });
    expect(clearUserData).not.toHaveBeenCalled();
    // The same user again: their data stays. Someone else: cleared first.
    await store.signIn(email, PASSWORD);
    expect(clearUserData).not.toHaveBeenCalled();
    await store.signOut();
    clearUserData.mockClear();
    // (as stored before issue 37: the bare id)
    storage.setItem(ENDED_KEY, 'someone-else');
    await store.signIn(email, PASSWORD);
    expect(clearUserData).toHaveBeenCalledTimes(1);
  });

  it('renews a refused token once, or ends the session when the server ended it', async () => {
    let clock = Date.now();
    const { store, storage, client, api, session } = setup({ now: () => clock });
    const email = newEmail();
    await store.signUp(email, PASSWORD);
    const userId = store.getState().user?.id;
    const stored = () => JSON.parse(storage.getItem(AUTH_KEY) ?? '{}') as { idToken: string; refreshToken: string };
    const first = stored();
    // A token another tab already replaced is left alone.
    await store.tokenRefused('a token replaced since');
    expect(stored().refreshToken).toBe(first.refreshToken);
    // A token refused for a passing reason: renewed, the same session goes on.
    await store.tokenRefused(first.idToken);
    expect(stored().refreshToken).not.toBe(first.refreshToken);
    expect(store.getState().status).toBe('user');
    // Ended from another device: the next call is refused, the refresh fails, the session ends;
    // the account's data stays for it.
    const other = await client.signInWithPassword(email, PASSWORD);
    if ('mfaPendingCredential' in other) throw new Error('no second factor here');
    await client.endOtherSessions(other.idToken);
    clock += REFUSED_REFRESH_GAP_MS;
    await vi.waitFor(async () => {
      await api.queryUserDecks.query({ offset: 0 }).catch(() => undefined);
      expect(store.getState()).toEqual({ status: 'guest', ended: { userId, email, reason: 'revoked' } });
    });
    expect(session.getSession()).toBeNull();
  });

  it('refreshes a refused token at most once in a while', async () => {
    let clock = Date.now();
    const refreshes: string[] = [];
    const counting = (async (url: RequestInfo | URL, init?: RequestInit) => {
      if (String(url).endsWith('/token')) refreshes.push(String(url));
      return fetch(url, init);
    }) as typeof fetch;
    const client = new IdentityClient({ url: `${server().url}/identity/v1`, now: () => clock, fetch: counting });
    const storage = memoryStorage();
    const store = new AuthStore({ client, session: createSessionStore(), storage, clearUserData: async () => {}, now: () => clock });
    store.start();
    await store.signUp(newEmail(), PASSWORD);
    const token = () => (JSON.parse(storage.getItem(AUTH_KEY) ?? '{}') as { idToken: string }).idToken;
    await store.tokenRefused(token());
    await store.tokenRefused(token());
    expect(refreshes).toHaveLength(1);
    clock += REFUSED_REFRESH_GAP_MS;
    await store.tokenRefused(token());
    expect(refreshes).toHaveLength(2);
  });

  it("asks before another account's sign-in deletes changes an ended session left", async () => {
    let unsent = 3;
    const { store, client, clearUserData, storage } = setup({ unsent: () => unsent });
    const first = newEmail();
    await store.signUp(first, PASSWORD);
    const firstId = store.getState().user?.id;
    const stored = JSON.parse(storage.getItem(AUTH_KEY) ?? '{}') as { idToken: string };
    await client.signOut({ idToken: stored.idToken });
    await store.tokenRefused(stored.idToken);
    expect(store.getState().ended?.userId).toBe(firstId);
    const second = newEmail();
    await client.signUp(second, PASSWORD);

    // Kept: not signed in, nothing cleared, the new session revoked.
    const asked: unknown[] = [];
    const keep = async (changes: unknown) => {
      asked.push(changes);
      return false;
    };
    const declined = await store.signIn(second, PASSWORD, { chooseForOtherAccount: keep }).catch((e: unknown) => e);
    expect(declined).toBeInstanceOf(AccountSwitchDeclined);
    expect((declined as AccountSwitchDeclined).endedEmail).toBe(first);
    expect(asked).toEqual([{ email: first, unsent: 3 }]);
    expect(store.getState()).toMatchObject({ status: 'guest', ended: { userId: firstId } });
    expect(clearUserData).not.toHaveBeenCalled();
    // Without a way to ask, the changes are kept as well.
    await expect(store.signIn(second, PASSWORD)).rejects.toBeInstanceOf(AccountSwitchDeclined);

    // Deleted on purpose: cleared first, then signed in.
    await store.signIn(second, PASSWORD, { chooseForOtherAccount: async () => true });
    expect(clearUserData).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ status: 'user', user: { email: second } });
    expect(store.getState().ended).toBeUndefined();

    // Nothing left to send: another account signs in without a question.
    await store.signOut();
    storage.setItem(ENDED_KEY, JSON.stringify({ userId: firstId, email: first, reason: 'revoked' }));
    unsent = 0;
    await store.signIn(second, PASSWORD, { chooseForOtherAccount: keep });
    expect(asked).toHaveLength(1);
  });

  it('confirms the password again for a sensitive change, going on with a fresh session', async () => {
    const { store, storage, client } = setup();
    await store.signUp(newEmail(), PASSWORD);
    const userId = store.getState().user?.id;
    const before = JSON.parse(storage.getItem(AUTH_KEY) ?? '{}') as { idToken: string; refreshToken: string };
    const wrong = await store.reauthenticate('not the password').catch((e: unknown) => e);
    expect((wrong as IdentityError).code).toBe('auth/invalid-credential');
    expect(store.getState().user?.id).toBe(userId);
    await expect(store.reauthenticate(PASSWORD)).resolves.toBeNull();
    const after = JSON.parse(storage.getItem(AUTH_KEY) ?? '{}') as { idToken: string; refreshToken: string };
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(await store.getIdToken()).toBe(after.idToken);
    expect(store.getState().user?.id).toBe(userId);
    // The old session is ended, the new one works.
    expect(((await client.refresh(before.refreshToken).catch((e: unknown) => e)) as IdentityError).code).toBe('auth/user-token-expired');
    await expect(client.refresh(after.refreshToken)).resolves.toMatchObject({ userId });
    // A guest has nobody to confirm.
    await store.signOut();
    expect(((await store.reauthenticate(PASSWORD).catch((e: unknown) => e)) as IdentityError).code).toBe('auth/user-token-expired');
  });

  it('signs out: revokes the refresh token, reports to the token-sync URL, then clears', async () => {
    const calls: { method: string; auth: string }[] = [];
    const recording = (async (url: RequestInfo | URL, init?: RequestInit) => {
      if (String(url) === 'https://sync.example/token') {
        calls.push({ method: init?.method ?? 'GET', auth: new Headers(init?.headers).get('Authorization') ?? '' });
        return new Response(null, { status: 204 });
      }
      return fetch(url, init);
    }) as typeof fetch;
    const { store, storage, client, clearUserData, session } = setup({ tokenSyncUrl: 'https://sync.example/token', fetch: recording });
    await store.signUp(newEmail(), PASSWORD);
    const stored = JSON.parse(storage.getItem(AUTH_KEY) ?? '{}') as { refreshToken: string; idToken: string };
    expect(calls).toEqual([{ method: 'POST', auth: `Bearer ${stored.idToken}` }]);
    await store.signOut();
    expect(calls[1]).toEqual({ method: 'DELETE', auth: `Bearer ${stored.idToken}` });
    expect(store.getState().status).toBe('guest');
    expect(session.getSession()).toBeNull();
    expect(await session.getIdToken()).toBeNull();
    expect(storage.getItem(AUTH_KEY)).toBeNull();
    expect(clearUserData).toHaveBeenCalledTimes(1);
    const e = await client.refresh(stored.refreshToken).catch((err: unknown) => err);
    expect((e as IdentityError).code).toBe('auth/user-token-expired');
  });

  it("discards a guest's study data when asked to", async () => {
    const { store, clearUserData } = setup();
    await store.signUp(newEmail(), PASSWORD, { keepGuestData: false });
    expect(clearUserData).toHaveBeenCalledTimes(1);
    const other = setup();
    await other.store.signUp(newEmail(), PASSWORD);
    expect(other.clearUserData).not.toHaveBeenCalled();
  });

  it('adopts a stored session on start (offline start keeps the user)', async () => {
    const first = setup();
    await first.store.signUp(newEmail(), PASSWORD);
    const raw = first.storage.getItem(AUTH_KEY);
    const session = createSessionStore();
    const storage = memoryStorage();
    storage.setItem(AUTH_KEY, raw ?? '');
    const again = new AuthStore({ client: first.client, session, storage, clearUserData: async () => {} });
    expect(again.start().status).toBe('user');
    expect(session.getSession()?.userId).toBe(first.store.getState().user?.id);
  });
});
