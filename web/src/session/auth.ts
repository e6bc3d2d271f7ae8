// The auth state machine (SPEC §4, §6): 'unknown' until the first auth report, then 'guest' or
// 'user'. A signed-in session is kept in local storage (tokens of the identity service), handed to
// the session store so every RPC call carries a fresh ID token (refreshed before it expires), and
// reported to the optional token-sync URL. Sign-out revokes the refresh token, reports the
// sign-out, then clears the local user data.
//
// A session can also end without this device signing out (issue 37: the password changed or the
// session was ended on another device, the account disabled). A token the server refuses is
// refreshed once; when that fails for good the device becomes a guest that remembers whose
// session ended (`ended`): that account's local data and unsent changes stay, for the same
// account to send once it signs in again; another account signing in first asks what becomes of
// them (SignInOptions.chooseForOtherAccount), so two accounts' data never mix.
import { IdentityClient, IdentityError, type AccountInfo, type MfaRequired, type Tokens } from '../api/identity';
import { sessionStore as appSessionStore, type SessionStore } from './session';
import { AUTH_KEY } from './storedSession';
import { safeLocalStorage } from '../app/safeLocalStorage';

export type AuthStatus = 'unknown' | 'guest' | 'user';

/** Why a session ended without this device signing out. */
export type EndReason = 'revoked' | 'disabled';

/** A session that ended without this device signing out: whose it was, and why. */
export interface EndedSession {
  userId: string;
  email: string;
  reason: EndReason;
}

export interface AuthState {
  status: AuthStatus;
  /** The signed-in user. */
  user?: { id: string; email: string };
  /** A guest whose session ended without signing out: that account's data is still here. */
  ended?: EndedSession;
}

/** What is kept in local storage under AUTH_KEY. */
interface StoredSession extends Tokens {
  email: string;
}

/** Local storage key of the signed-in session (defined with the shell's read of it). */
export { AUTH_KEY };
/** Local storage key of the session that ended without a sign-out (an EndedSession as JSON; a
 * bare user id from before issue 37): its data stays until someone else signs in. */
export const ENDED_KEY = 'authEnded';
/** A refused token is refreshed at once, but not again within this time (ms): a server that
 * keeps refusing fresh tokens must not make every call refresh. */
export const REFUSED_REFRESH_GAP_MS = 10_000;
/** The ID token is refreshed when it has less than this left (ms). */
export const REFRESH_MARGIN_MS = 5 * 60_000;
/** The Web Lock held while refreshing (one tab at a time). */
export const REFRESH_LOCK = 'writeit-auth-refresh';
/** SPEC §9: token-sync max age: the token is posted again once the last post is this old (ms). */
export const TOKEN_SYNC_MAX_AGE_MS = 300_000;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Changes another account's session left on this device, when someone else signs in. */
export interface OtherAccountChanges {
  /** The account whose session ended. */
  email: string;
  /** Its changes not on the server. */
  unsent: number;
}

export interface SignInOptions {
  /** A guest's local study data goes to the account (default) or is discarded. */
  keepGuestData?: boolean;
  /** Asked when another account's ended session left unsent changes here: true deletes them and
   * signs in; false (and the default) keeps them and does not sign in (AccountSwitchDeclined). */
  chooseForOtherAccount?: (changes: OtherAccountChanges) => Promise<boolean>;
}

/** Signing in was not finished, so another account's unsent changes stay on this device. */
export class AccountSwitchDeclined extends Error {
  constructor(readonly endedEmail: string) {
    super('signed in as another account: kept the changes of the session that ended');
    this.name = 'AccountSwitchDeclined';
  }
}

export interface AuthDeps {
  client?: IdentityClient;
  session?: Pick<SessionStore, 'setSession'>;
  storage?: KeyValueStorage;
  /** Clears the local user data (the sync engine's clearUserData). */
  clearUserData?: () => Promise<void>;
  /** The user's changes on this device not on the server (the sync engine's localUserChanges). */
  localUserChanges?: () => Promise<number>;
  /** Optional token-sync URL (VITE_TOKEN_SYNC_URL). */
  tokenSyncUrl?: string;
  fetch?: typeof fetch;
  now?: () => number;
}

function parseStored(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Partial<StoredSession>;
    if (typeof s.userId === 'string' && typeof s.refreshToken === 'string' && typeof s.idToken === 'string') {
      return { userId: s.userId, refreshToken: s.refreshToken, idToken: s.idToken, expiresAt: Number(s.expiresAt) || 0, email: s.email ?? '' };
    }
  } catch {
    // unreadable: nobody is signed in
  }
  return null;
}

/** Errors after which a session cannot go on: it was revoked, expired for good or disabled. */
function endsSession(e: unknown): boolean {
  return (
    e instanceof IdentityError &&
    (e.code === 'auth/user-token-expired' || e.code === 'auth/invalid-user-token' || e.code === 'auth/user-disabled' || e.code === 'auth/user-not-found')
  );
}

function endReason(e: unknown): EndReason {
  return e instanceof IdentityError && e.code === 'auth/user-disabled' ? 'disabled' : 'revoked';
}

/** The ended session kept under ENDED_KEY (a bare user id from before issue 37). */
function parseEnded(raw: string | null | undefined): EndedSession | undefined {
  if (!raw) return undefined;
  try {
    const e = JSON.parse(raw) as Partial<EndedSession>;
    if (typeof e.userId === 'string') return { userId: e.userId, email: e.email ?? '', reason: e.reason === 'disabled' ? 'disabled' : 'revoked' };
  } catch {
    // a bare id
  }
  return { userId: raw, email: '', reason: 'revoked' };
}

export class AuthStore {
  readonly client: IdentityClient;
  private readonly session: Pick<SessionStore, 'setSession'>;
  private readonly storage: KeyValueStorage | undefined;
  private readonly clearUserData: () => Promise<void>;
  private readonly localUserChanges: () => Promise<number>;
  private readonly tokenSyncUrl: string;
  private readonly fetchFn: typeof fetch;
  private readonly now: () => number;
  private current: StoredSession | null = null;
  private state: AuthState = { status: 'unknown' };
  private readonly listeners = new Set<() => void>();
  private refreshing: Promise<string | null> | null = null;
  private tokenSyncedAt = 0;
  private started = false;
  /** When a refused token last made a refresh (REFUSED_REFRESH_GAP_MS). */
  private refusedRefreshAt = -Infinity;

  constructor(deps: AuthDeps = {}) {
    this.client = deps.client ?? new IdentityClient();
    this.session = deps.session ?? appSessionStore;
    this.storage = deps.storage ?? safeLocalStorage();
    this.clearUserData = deps.clearUserData ?? (async () => (await import('../db/sync')).clearUserData());
    this.localUserChanges = deps.localUserChanges ?? (async () => (await import('../db/sync')).localUserChanges());
    const configured: unknown = import.meta.env.VITE_TOKEN_SYNC_URL;
    this.tokenSyncUrl = deps.tokenSyncUrl ?? (typeof configured === 'string' ? configured : '');
    this.fetchFn = deps.fetch ?? ((...args) => fetch(...args));
    this.now = deps.now ?? Date.now;
  }

  // ---- state ----

  getState = (): AuthState => this.state;

  subscribe = (cb: () => void): (() => void) => {
    this.listeners.add(cb);
    return () => {
      this.listeners.delete(cb);
    };
  };

  private setState(next: AuthState): void {
    this.state = Object.freeze(next);
    for (const cb of [...this.listeners]) cb();
  }

  /** The first auth report: the stored session, if any (its tokens are refreshed when first
   * needed, so starting offline keeps the user signed in). Also follows other tabs. */
  start(): AuthState {
    if (this.started) return this.state;
    this.started = true;
    this.adopt(parseStored(this.storage?.getItem(AUTH_KEY) ?? null));
    if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
      window.addEventListener('storage', (e) => {
        if (e.key !== AUTH_KEY && e.key !== null) return;
        const stored = parseStored(this.storage?.getItem(AUTH_KEY) ?? null);
        if (stored?.userId !== this.current?.userId || stored?.refreshToken !== this.current?.refreshToken) this.adopt(stored);
      });
    }
    return this.state;
  }

  /** Takes `stored` as the session (null: guest) without calling anyone. */
  private adopt(stored: StoredSession | null): void {
    this.current = stored;
    if (stored) {
      this.session.setSession({ userId: stored.userId, idToken: () => this.getIdToken(), refused: (token) => void this.tokenRefused(token) });
      this.setState({ status: 'user', user: { id: stored.userId, email: stored.email } });
    } else {
      this.session.setSession(null);
      const ended = this.endedSession();
      this.setState(ended ? { status: 'guest', ended } : { status: 'guest' });
    }
  }

  /** The session that ended without a sign-out, whose data is still on this device. */
  private endedSession(): EndedSession | undefined {
    return parseEnded(this.storage?.getItem(ENDED_KEY));
  }

  // ---- tokens ----

  /** The signed-in user's ID token, refreshed first when it is about to expire; null for a guest.
   * Offline, the current token is answered (the server decides whether it still holds). */
  getIdToken(): Promise<string | null> {
    const s = this.current;
    if (!s) return Promise.resolve(null);
    if (s.expiresAt - this.now() > REFRESH_MARGIN_MS) return Promise.resolve(s.idToken);
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** The server refused `idToken` (an /api/trpc call answered UNAUTHORIZED, an identity call
   * TOKEN_EXPIRED): refreshed at once, whatever its expiry; when the refresh fails for good (the
   * session was ended or revoked, the account disabled) the session has ended. A token already
   * replaced is left alone. */
  async tokenRefused(idToken: string): Promise<void> {
    const s = this.current;
    if (!s || s.idToken !== idToken) return;
    if (this.now() - this.refusedRefreshAt < REFUSED_REFRESH_GAP_MS) return;
    this.refusedRefreshAt = this.now();
    // Wait for a refresh under way, then refresh that one's token if it was the refused one.
    await this.refreshing?.catch(() => undefined);
    if (this.current?.idToken !== idToken) return;
    this.refreshing ??= this.refresh(true).finally(() => {
      this.refreshing = null;
    });
    await this.refreshing;
  }

  /** Runs an identity call with the signed-in session's ID token (null for a guest). A token the
   * server refuses is renewed and the call made once more, or the session has ended. */
  async withIdToken<T>(call: (idToken: string) => Promise<T>): Promise<T | null> {
    const tokens = await this.currentTokens();
    if (!tokens) return null;
    try {
      return await call(tokens.idToken);
    } catch (e) {
      if (!endsSession(e)) throw e;
      await this.tokenRefused(tokens.idToken);
      const renewed = await this.currentTokens();
      if (!renewed || renewed.idToken === tokens.idToken) throw e;
      return call(renewed.idToken);
    }
  }

  /** The signed-in account as the server has it; null for a guest (or once the session ended). */
  lookup(): Promise<AccountInfo | null> {
    return this.withIdToken((idToken) => this.client.lookup(idToken));
  }

  /** One refresh at a time across tabs: a refresh token is spent on use, and presenting a spent
   * one revokes the whole session. Under the lock, a session another tab already refreshed is
   * adopted instead. `force`: refresh even a token far from its expiry (the server refused it). */
  private refresh(force = false): Promise<string | null> {
    const locks = typeof navigator !== 'undefined' ? (navigator as { locks?: LockManager }).locks : undefined;
    if (!locks) return this.refreshUnlocked(force);
    // The lock is held until the callback's promise settles (lib.dom types it unflattened).
    return locks.request(REFRESH_LOCK, () => this.refreshUnlocked(force)).then((token) => token);
  }

  private async refreshUnlocked(force: boolean): Promise<string | null> {
    const stored = parseStored(this.storage?.getItem(AUTH_KEY) ?? null);
    let adopted = false;
    if (stored && stored.userId === this.current?.userId && stored.refreshToken !== this.current.refreshToken) {
      this.current = stored;
      adopted = true;
    }
    const s = this.current;
    if (!s) return null;
    // Another tab's fresh session is as good as a refresh of our own.
    if ((!force || adopted) && s.expiresAt - this.now() > REFRESH_MARGIN_MS) return s.idToken;
    try {
      const tokens = await this.client.refresh(s.refreshToken);
      if (this.current?.refreshToken !== s.refreshToken) return this.current?.idToken ?? null; // replaced meanwhile
      this.save({ ...tokens, email: s.email });
      void this.syncToken(false);
      return tokens.idToken;
    } catch (e) {
      if (endsSession(e)) {
        // Ended meanwhile by another tab, which signed in again: that session stands.
        if (this.current?.refreshToken === s.refreshToken) this.end({ userId: s.userId, email: s.email, reason: endReason(e) });
        return null;
      }
      return s.idToken;
    }
  }

  private save(s: StoredSession): void {
    this.current = s;
    this.storage?.setItem(AUTH_KEY, JSON.stringify(s));
  }

  /** The session ended without a sign-out: guest now; the user's local data and unsent changes
   * stay until someone signs in (the same account sends them; another asks first). */
  private end(ended: EndedSession): void {
    this.storage?.removeItem(AUTH_KEY);
    this.storage?.setItem(ENDED_KEY, JSON.stringify(ended));
    this.adopt(null);
  }

  // ---- sign-in ----

  /** Signs in with tokens from any flow. Another user's leftover data is cleared first (when an
   * ended session left unsent changes, only once `chooseForOtherAccount` says so; otherwise the new
   * session is signed out again and AccountSwitchDeclined thrown); a guest's study data is kept
   * (the sync uploads it to this account) unless `keepGuestData` is false. */
  async establish(tokens: Tokens, email: string, { keepGuestData = true, chooseForOtherAccount }: SignInOptions = {}): Promise<void> {
    const ended = this.endedSession();
    if (ended && ended.userId !== tokens.userId) {
      const unsent = await this.localUserChanges().catch(() => 0);
      const discard = unsent > 0 ? ((await chooseForOtherAccount?.({ email: ended.email, unsent })) ?? false) : true;
      if (!discard) {
        await this.client.signOut({ refreshToken: tokens.refreshToken }).catch(() => undefined);
        throw new AccountSwitchDeclined(ended.email);
      }
    }
    const previous = this.current?.userId ?? ended?.userId;
    if ((previous && previous !== tokens.userId) || (!previous && !keepGuestData)) await this.clearUserData();
    this.storage?.removeItem(ENDED_KEY);
    this.save({ ...tokens, email });
    this.adopt(this.current);
    await this.syncToken(true);
  }

  /** New tokens of the same user (password change, second factor enrolled). */
  replaceTokens(tokens: Tokens): void {
    if (!this.current || tokens.userId !== this.current.userId) return;
    this.save({ ...tokens, email: this.current.email });
  }

  /** Sets the email shown for the signed-in user. */
  setEmail(email: string): void {
    if (!this.current) return;
    this.save({ ...this.current, email });
    this.adopt(this.current);
  }

  /** Email and password; answers the second-factor step when the account has one. */
  async signIn(email: string, password: string, opts?: SignInOptions): Promise<MfaRequired | null> {
    const out = await this.client.signInWithPassword(email, password);
    if ('mfaPendingCredential' in out) return out;
    await this.establish(out, email.trim().toLowerCase(), opts);
    return null;
  }

  async finishMfa(step: MfaRequired, code: string, email: string, opts?: SignInOptions): Promise<void> {
    await this.establish(await this.client.finishMfaSignIn(step, code), email.trim().toLowerCase(), opts);
  }

  async signUp(email: string, password: string, opts?: SignInOptions): Promise<void> {
    await this.establish(await this.client.signUp(email, password), email.trim().toLowerCase(), opts);
  }

  async signInWithEmailLink(email: string, oobCode: string, opts?: SignInOptions): Promise<MfaRequired | null> {
    const out = await this.client.signInWithEmailLink(email, oobCode);
    if ('mfaPendingCredential' in out) return out;
    await this.establish(out, email.trim().toLowerCase(), opts);
    return null;
  }

  /** Proves again who the signed-in user is, for a change that needs a recent sign-in (email,
   * password, second factor, deleting the account): their password, then their second factor
   * when the account has one (finishReauthentication). The session goes on with new tokens. */
  async reauthenticate(password: string): Promise<MfaRequired | null> {
    const s = this.current;
    if (!s) throw new IdentityError('INVALID_ID_TOKEN', 'auth/user-token-expired');
    const out = await this.client.signInWithPassword(s.email, password);
    if ('mfaPendingCredential' in out) return out;
    await this.continueWith(out);
    return null;
  }

  async finishReauthentication(step: MfaRequired, code: string): Promise<void> {
    await this.continueWith(await this.client.finishMfaSignIn(step, code));
  }

  /** The same user's fresh session replaces the current one, whose refresh token is revoked (it
   * would otherwise stay valid, unused, until it expires). */
  private async continueWith(tokens: Tokens): Promise<void> {
    const old = this.current;
    if (!old || tokens.userId !== old.userId) throw new IdentityError('USER_MISMATCH', 'auth/user-mismatch');
    this.replaceTokens(tokens);
    await this.client.signOut({ refreshToken: old.refreshToken }).catch(() => undefined);
  }

  // ---- sign-out ----

  /** Signs out (the refresh token is revoked when the server is reachable), reports it to the
   * token-sync URL, then clears the local user data. */
  async signOut(): Promise<void> {
    const s = this.current;
    if (s) {
      // The refresh token alone: this device's session ends; the ID token alone would end all.
      await this.client.signOut({ refreshToken: s.refreshToken }).catch(() => undefined);
      await this.syncTokenDelete(s.idToken);
    }
    this.storage?.removeItem(AUTH_KEY);
    this.storage?.removeItem(ENDED_KEY);
    this.adopt(null);
    await this.clearUserData();
  }

  /** After the account was deleted: signed out and local data cleared, nothing to revoke. */
  async forget(): Promise<void> {
    this.storage?.removeItem(AUTH_KEY);
    this.storage?.removeItem(ENDED_KEY);
    this.adopt(null);
    await this.clearUserData();
  }

  // ---- token sync (SPEC §7) ----

  private async syncToken(force: boolean): Promise<void> {
    const s = this.current;
    if (!this.tokenSyncUrl || !s) return;
    if (!force && this.now() - this.tokenSyncedAt < TOKEN_SYNC_MAX_AGE_MS) return;
    try {
      await this.fetchFn(this.tokenSyncUrl, { method: 'POST', headers: { Authorization: `Bearer ${s.idToken}` }, credentials: 'include' });
      this.tokenSyncedAt = this.now();
    } catch {
      // best effort: the next refresh posts again
    }
  }

  private async syncTokenDelete(idToken: string): Promise<void> {
    if (!this.tokenSyncUrl) return;
    this.tokenSyncedAt = 0;
    await this.fetchFn(this.tokenSyncUrl, { method: 'DELETE', headers: { Authorization: `Bearer ${idToken}` }, credentials: 'include' }).catch(
      () => undefined,
    );
  }

  /** The signed-in session's tokens (account pages use the ID token for their calls). */
  async currentTokens(): Promise<Pick<Tokens, 'idToken' | 'userId'> | null> {
    const idToken = await this.getIdToken();
    return idToken && this.current ? { idToken, userId: this.current.userId } : null;
  }
}

/** The app's auth store. */
export const authStore = new AuthStore();
