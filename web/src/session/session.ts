// The session store (SPEC §4, §6): who is signed in, and their ID token for the Authorization
// header. Guests have no session (null). Identity (sign-in, token refresh, sign-out) lives
// elsewhere and calls `setSession`; the API client and the sync engine read from here, and tell
// it when the server refused a token (`tokenRefused`), which identity then checks.

/** A signed-in user as the sync engine sees them. */
export interface Session {
  userId: string;
}

/** What identity hands over on sign-in: the user and their ID token (or a function that yields a
 * fresh one, e.g. refreshing it when it is about to expire). */
export interface SessionInput {
  userId: string;
  idToken: string | (() => Promise<string | null>);
  /** Told when the server refused `idToken` (UNAUTHORIZED): identity refreshes it, or finds the
   * session ended. */
  refused?: (idToken: string) => void;
}

export type SessionListener = (session: Session | null) => void;

/** One session store; the app uses the default one below, tests make their own. */
export interface SessionStore {
  getSession(): Session | null;
  getIdToken(): Promise<string | null>;
  setSession(s: SessionInput | null): void;
  /** The server refused this ID token: passed on to whoever set the session. */
  tokenRefused(idToken: string): void;
  /** Calls `cb` after every change of user (sign-in, sign-out, switch); returns an unsubscribe. */
  onSessionChange(cb: SessionListener): () => void;
}

export function createSessionStore(initial: SessionInput | null = null): SessionStore {
  let session: Session | null = null;
  let token: SessionInput['idToken'] | null = null;
  let refused: SessionInput['refused'];
  const listeners = new Set<SessionListener>();

  const store: SessionStore = {
    getSession: () => session,
    async getIdToken() {
      if (token === null) return null;
      return typeof token === 'string' ? token : token();
    },
    setSession(s) {
      const before = session?.userId ?? null;
      session = s ? Object.freeze({ userId: s.userId }) : null;
      token = s ? s.idToken : null;
      refused = s?.refused;
      // A new token for the same user is not a session change.
      if ((session?.userId ?? null) === before) return;
      for (const cb of [...listeners]) cb(session);
    },
    tokenRefused(idToken) {
      refused?.(idToken);
    },
    onSessionChange(cb) {
      listeners.add(cb);
      return () => {
        listeners.delete(cb);
      };
    },
  };
  if (initial) store.setSession(initial);
  return store;
}

/** The app's session store. */
export const sessionStore = createSessionStore();

/** The signed-in user, or null for a guest. */
export const getSession = (): Session | null => sessionStore.getSession();
/** The current ID token, or null for a guest. */
export const getIdToken = (): Promise<string | null> => sessionStore.getIdToken();
/** Sign-in (a user and token), token refresh (same user, new token) or sign-out (null). */
export const setSession = (s: SessionInput | null): void => sessionStore.setSession(s);
/** The server refused this ID token (an /api/trpc call answered UNAUTHORIZED). */
export const tokenRefused = (idToken: string): void => sessionStore.tokenRefused(idToken);
/** Subscribes to changes of user; returns an unsubscribe. */
export const onSessionChange = (cb: SessionListener): (() => void) => sessionStore.onSessionChange(cb);
