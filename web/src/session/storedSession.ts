// The stored session as the app shell sees it before the auth store (session/auth.ts, a chunk of
// its own) has loaded: only whether there is one.
import { safeLocalStorage } from '../app/safeLocalStorage';

/** Local storage key of the signed-in session (the auth store writes and adopts it). */
export const AUTH_KEY = 'auth';

/** Whether a session is stored. The auth store, once loaded, adopts it (or finds it ended). */
export function sessionStored(storage: Pick<Storage, 'getItem'> | null | undefined = safeLocalStorage()): boolean {
  try {
    return storage?.getItem(AUTH_KEY) != null;
  } catch {
    return false;
  }
}
