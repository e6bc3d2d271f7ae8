// The auth state machine (SPEC §4, §6): 'unknown' until the first auth report, then 'guest' or
// 'user'. A signed-in session is kept in local storage (tokens of the identity service), handed to
// the session store so every RPC call carries a fresh ID token (refreshed before it expires), and
// reported to the optional token-sync URL. Sign-out revokes the refresh token, reports the
// sign-out, then clears the local user data.
import { IdentityClient, IdentityError, type MfaRequired, type Tokens } from '../api/identity';
import { sessionStore as appSessionStore, type SessionStore } from './session';
import { AUTH_KEY } from './storedSession';
import { safeLocalStorage } from '../app/safeLocalStorage';

export type AuthStatus = 'unknown' | 'guest' | 'user';

export interface AuthState {
  status: AuthStatus;
  /** The signed-in user. */
  user?: { id: string; email: string };
  /** After a session ended without the user signing out (revoked, disabled): whose it was. */
  endedUserId?: string;
}

/** What is kept in local storage under AUTH_KEY. */
interface StoredSession extends Tokens {
  email: string;
}

/** Local storage key of the signed-in session (defined with the shell's read of it). */
export { AUTH_KEY };
/** Local storage key of the user whose session ended without a sign-out (their data stays until
 * someone else signs in). */
export const ENDED_KEY = 'authEnded';
/** The ID token is refreshed when it has less than this left (ms). */
export const REFRESH_MARGIN_MS = 5 * 60_000;
/** The Web Lock held while refreshing (one tab at a time). */
export const REFRESH_LOCK = 'writeit-auth-refresh';
/** SPEC §9: token-sync max age: the token is posted again once the last post is this old (ms). */
export const TOKEN_SYNC_MAX_AGE_MS = 300_000;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SignInOptions {
  /** A guest's local study data goes to the account (default) or is discarded. */
  keepGuestData?: boolean;
}

export interface AuthDeps {
  client?: IdentityClient;
  session?: Pick<SessionStore, 'setSession'>;
  storage?: KeyValueStorage;
  /** Clears the local user data (the sync engine's clearUserData). */
  clearUserData?: () => Promise<void>;
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

export class AuthStore {
  readonly client: IdentityClient;
  private readonly session: Pick<SessionStore, 'setSession'>;
  private readonly storage: KeyValueStorage | undefined;
  private readonly clearUserData: () => Promise<void>;
  private readonly tokenSyncUrl: string;
  private readonly fetchFn: typeof fetch;
  private readonly now: () => number;
  private current: StoredSession | null = null;
  private state: AuthState = { status: 'unknown' };
  private readonly listeners = new Set<() => void>();
  private refreshing: Promise<string | null> | null = null;
  private tokenSyncedAt = 0;
  private started = false;

  constructor(deps: AuthDeps = {}) {
    this.client = deps.client ?? new IdentityClient();
    this.session = deps.session ?? appSessionStore;
    this.storage = deps.storage ?? safeLocalStorage();
    this.clearUserData = deps.clearUserData ?? (async () => (await import('../db/sync')).clearUserData());
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
      this.session.setSession({ userId: stored.userId, idToken: () => this.getIdToken() });
      this.setState({ status: 'user', user: { id: stored.userId, email: stored.email } });
    } else {
      this.session.setSession(null);
      const ended = this.storage?.getItem(ENDED_KEY) ?? undefined;
      this.setState(ended ? { status: 'guest', endedUserId: ended } : { status: 'guest' });
    }
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

  /** One refresh at a time across tabs: a refresh token is spent on use, and presenting a spent
   * one revokes the whole session. Under the lock, a session another tab already refreshed is
   * adopted instead. */
  private refresh(): Promise<string | null> {
    const locks = typeof navigator !== 'undefined' ? (navigator as { locks?: LockManager }).locks : undefined;
    if (!locks) return this.refreshUnlocked();
    // The lock is held until the callback's promise settles (lib.dom types it unflattened).
    return locks.request(REFRESH_LOCK, () => this.refreshUnlocked()).then((token) => token);
  }

  private async refreshUnlocked(): Promise<string | null> {
    const stored = parseStored(this.storage?.getItem(AUTH_KEY) ?? null);
    if (stored && stored.userId === this.current?.userId && stored.refreshToken !== this.current.refreshToken) {
      this.current = stored;
    }
    const s = this.current;
    if (!s) return null;
    if (s.expiresAt - this.now() > REFRESH_MARGIN_MS) return s.idToken;
    try {
      const tokens = await this.client.refresh(s.refreshToken);
      if (this.current?.refreshToken !== s.refreshToken) return this.current?.idToken ?? null; // replaced meanwhile
      this.save({ ...tokens, email: s.email });
      void this.syncToken(false);
      return tokens.idToken;
    } catch (e) {
      if (endsSession(e)) {
        this.end(s.userId);
        return null;
      }
      return s.idToken;
    }
  }

  private save(s: StoredSession): void {
    this.current = s;
    this.storage?.setItem(AUTH_KEY, JSON.stringify(s));
  }

  /** The session ended without a sign-out: guest now; the user's local data stays until someone
   * else signs in (then it is cleared first). */
  private end(userId: string): void {
    this.storage?.removeItem(AUTH_KEY);
    this.storage?.setItem(ENDED_KEY, userId);
    this.adopt(null);
  }

  // ---- sign-in ----

  /** Signs in with tokens from any flow. Another user's leftover data is cleared first; a guest's
   * study data is kept (the sync uploads it to this account) unless `keepGuestData` is false. */
  async establish(tokens: Tokens, email: string, { keepGuestData = true }: SignInOptions = {}): Promise<void> {
    const ended = this.storage?.getItem(ENDED_KEY);
    const previous = this.current?.userId ?? ended;
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
