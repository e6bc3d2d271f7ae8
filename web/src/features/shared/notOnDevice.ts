// What a page shows for a deck or an entry this device does not hold (notOnDevice.test.ts): the
// server is asked which language it is in (locateContent), and that language's state here says
// the rest: a language not downloaded is offered to add, one on its way is waited for, one held
// whole means the row has not synced yet; no language means the row is gone.
import type { LanguageDownload } from '../../db/read/firstSync';

/** Where the server's answer stands. */
export type Lookup =
  | { status: 'looking' }
  /** The server could not be reached (offline) or failed. */
  | { status: 'unreachable' }
  /** The live row's language; null: no such live row. */
  | { status: 'found'; language: string | null };

export type Offer =
  | 'looking'
  | 'unreachable'
  /** Removed, or the link is wrong. */
  | 'gone'
  /** Its language is here whole: the row comes with the next sync. */
  | 'syncing'
  /** Its language is on its way (being added, or waiting to be online). */
  | 'downloading'
  | 'waiting'
  /** Its language is not here: offer to add it. */
  | 'add';

export function offerFor(lookup: Lookup, download: LanguageDownload): Offer {
  if (lookup.status !== 'found') return lookup.status;
  if (lookup.language === null) return 'gone';
  switch (download) {
    case 'ready':
      return 'syncing';
    case 'absent':
      return 'add';
    default:
      return download;
  }
}
