// What stopped a sync, as a learner is told it (issue 37): a kind the sync status puts in words,
// never the server's own message ("the ID token was revoked: sign in again" reached a learner).
// Pure: the sync engine records the kind beside the message it keeps for diagnosis.
import { errorCode, isMalformedResponse } from '../api/client';

/** `signedOut`: the server refused this device's session (identity then renews it, or says it
 * ended); `busy`: the server asks to wait; `server`: it failed; `other`: anything else. */
export type SyncErrorKind = 'signedOut' | 'busy' | 'server' | 'other';

export function syncErrorKind(e: unknown): SyncErrorKind {
  const code = errorCode(e);
  if (code === 'UNAUTHORIZED') return 'signedOut';
  if (code === 'SERVICE_UNAVAILABLE' || code === 'TOO_MANY_REQUESTS' || code === 'TIMEOUT') return 'busy';
  if (code === 'INTERNAL_SERVER_ERROR' || isMalformedResponse(e)) return 'server';
  return 'other';
}
