// Who may see the admin area: admins everywhere, editors in their languages (docs/identity.md).
// The client's check is for the screen only; the server refuses others' writes whatever it shows.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { AccountInfo } from '../../api/identity';
import type { AuthStore } from '../../session/auth';
import { AUTH_KEY } from '../../session/storedSession';
import { useAuthState, useAuthStore } from '../../session/authBridge';

export type Role = 'guest' | 'user' | 'editor' | 'admin';

/** A caller's role and, for an editor, the languages they curate. */
export interface Access {
  role: Role;
  languages: readonly string[];
}

/** Why the admin area is refused: nobody signed in, no curating role, or another language's editor. */
export type Refusal = 'guest' | 'role' | 'language';

/** Whether `access` may curate `languageCode` (undefined: the admin home, open to any curator). */
export function refusalOf(access: Access, languageCode: string | undefined): Refusal | null {
  if (access.role === 'admin') return null;
  if (access.role === 'guest') return 'guest';
  if (access.role !== 'editor' || access.languages.length === 0) return 'role';
  if (languageCode !== undefined && !access.languages.includes(languageCode)) return 'language';
  return null;
}

/** Languages shown on the admin home: every one for an admin, an editor's own otherwise. */
export function curatesLanguage(access: Access, languageCode: string): boolean {
  return refusalOf(access, languageCode) === null;
}

/** The role claims of an ID token (`role`, `langs`), read without checking the signature: good
 * enough to decide what to show before the account lookup answers (or while offline). */
export function accessFromIdToken(idToken: string): Access | null {
  const part = idToken.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const claims = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0)))) as { role?: unknown; langs?: unknown };
    const role = claims.role === 'admin' || claims.role === 'editor' ? claims.role : 'user';
    const languages = Array.isArray(claims.langs) ? claims.langs.filter((l): l is string => typeof l === 'string') : [];
    return { role, languages };
  } catch {
    return null;
  }
}

export function accessFromAccount(info: Pick<AccountInfo, 'role' | 'languages'>): Access {
  return { role: info.role, languages: info.languages };
}

/** What the client knows of a user's access: from the token until the lookup confirms it. */
interface Known {
  access: Access;
  confirmed: boolean;
}

/** Per user id, for this page's life: one account lookup per session (recheck() forces another). */
const known = new Map<string, Known>();
const pending = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
let version = 0;

function publish(userId: string, value: Known): void {
  known.set(userId, value);
  version++;
  for (const l of [...listeners]) l();
}

function subscribe(cb: () => void): () => void {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

/** The stored session's ID token, read synchronously (the auth store keeps it in local storage). */
function storedIdToken(userId: string): string | null {
  try {
    const s = JSON.parse(localStorage.getItem(AUTH_KEY) ?? 'null') as { userId?: unknown; idToken?: unknown } | null;
    return s && s.userId === userId && typeof s.idToken === 'string' ? s.idToken : null;
  } catch {
    return null;
  }
}

/** Asks the identity service for the account's current role (the token's copy may be stale). */
function confirm(store: AuthStore, userId: string, force = false): Promise<void> {
  const existing = pending.get(userId);
  if (existing) return existing;
  if (!force && known.get(userId)?.confirmed) return Promise.resolve();
  const run = (async () => {
    try {
      const tokens = await store.currentTokens();
      if (!tokens || tokens.userId !== userId) return;
      publish(userId, { access: accessFromAccount(await store.client.lookup(tokens.idToken)), confirmed: true });
    } catch {
      // Offline or refused: keep what the token said; the server decides on every write anyway.
      publish(userId, { access: known.get(userId)?.access ?? { role: 'user', languages: [] }, confirmed: true });
    } finally {
      pending.delete(userId);
    }
  })();
  pending.set(userId, run);
  return run;
}

export type AdminAccess =
  | { status: 'loading' }
  | { status: 'allowed'; access: Access; email?: string }
  | { status: 'forbidden'; refusal: Refusal; access: Access; email?: string };

/** The signed-in user's access to the admin area of `languageCode` (undefined: /admin itself). A
 * token that already grants access shows the area at once; a refusal waits for the lookup, so a
 * role granted since the token was minted counts. `recheck` asks the server again. */
export function useAdminAccess(languageCode: string | undefined): AdminAccess & { recheck: () => void } {
  const auth = useAuthState();
  const store = useAuthStore();
  useSyncExternalStore(subscribe, () => version);
  const userId = auth.status === 'user' ? auth.user?.id : undefined;
  if (userId && !known.has(userId)) {
    const fromToken = accessFromIdToken(storedIdToken(userId) ?? '');
    if (fromToken) known.set(userId, { access: fromToken, confirmed: false });
  }
  useEffect(() => {
    if (userId && store) void confirm(store, userId);
  }, [userId, store]);
  const recheck = useCallback(() => {
    if (userId && store) void confirm(store, userId, true);
  }, [userId, store]);

  if (auth.status === 'unknown') return { status: 'loading', recheck };
  const email = auth.user?.email;
  if (!userId) return { status: 'forbidden', refusal: 'guest', access: { role: 'guest', languages: [] }, recheck };
  const k = known.get(userId);
  if (!k) return { status: 'loading', recheck };
  const refusal = refusalOf(k.access, languageCode);
  if (refusal === null) return { status: 'allowed', access: k.access, email, recheck };
  if (!k.confirmed) return { status: 'loading', recheck };
  return { status: 'forbidden', refusal, access: k.access, email, recheck };
}

/** Whether the app's navigation offers the admin area: only to a signed-in admin or editor, as
 * far as this page knows (the token's claims, or the admin gate's lookup once it ran). Asks the
 * server nothing, so learners' pages cost no account lookup; a role granted since the token was
 * minted shows with the next token (within the hour). */
export function useShowsAdmin(): boolean {
  const auth = useAuthState();
  useSyncExternalStore(subscribe, () => version);
  const userId = auth.status === 'user' ? auth.user?.id : undefined;
  if (!userId) return false;
  const access = known.get(userId)?.access ?? accessFromIdToken(storedIdToken(userId) ?? '');
  return access !== null && refusalOf(access, undefined) === null;
}

/** For tests: forget every cached lookup. */
export function resetAccessCache(): void {
  known.clear();
  pending.clear();
  version++;
}
