// The words of the sync status (the app bar's indicator and the settings' data section): what the
// sync is doing, the changes waiting to be sent and, first and whatever the sync's state, the
// changes the server refused. While any is refused the status never reads "Up to date": those
// changes are not on the server. Pure: the caller gives the translation functions.
import type { TFunction } from '../../i18n/I18nContext';
import type { SyncState } from '../syncBridge';

/** The id of the list of refused changes in the settings (RefusedChanges), the indicator's link
 * target while any change is refused. */
export const REFUSED_LIST_ID = 'refused-changes';

/** What the status says for each kind of failure (db/syncError.ts). */
const ERROR_KEYS = {
  signedOut: 'sync.errorSignedOut',
  busy: 'sync.errorBusy',
  server: 'sync.errorServer',
  other: 'sync.error',
} as const;

const SYNC_TABLES = ['languages', 'decks', 'entries', 'characters', 'userEntries', 'userDecks', 'userCards', 'userReviews', 'userParameters', 'userTests'] as const;

export interface SyncLabelOptions {
  /** Say where the refused changes are listed (the indicator links there; the list's own
   * section does not need it). */
  pointToList?: boolean;
  /** The name of a language (for the one being downloaded); its code without it. */
  languageName?: (code: string) => string;
}

/** The status in words, parts joined with ' · '. */
export function syncLabel(
  state: SyncState,
  t: TFunction,
  formatDateTime: (ms: number) => string,
  { pointToList = false, languageName = (code) => code }: SyncLabelOptions = {},
): string {
  const parts: string[] = [];
  const refused = state.refused > 0;
  if (refused) {
    parts.push(
      pointToList
        ? t('sync.refusedSee', { count: state.refused, page: t('settings.title'), section: t('data.title') })
        : t('sync.refused', { count: state.refused }),
    );
  }
  const tableName = (table: string) => {
    const known = SYNC_TABLES.find((name) => name === table);
    return known ? t(`sync.table.${known}`) : table;
  };
  switch (state.status) {
    case 'syncing':
      parts.push(
        state.progress
          ? t('sync.syncingTable', { table: tableName(state.progress.table), count: state.progress.rows })
          : t('sync.syncing'),
      );
      break;
    case 'offline':
      parts.push(t('sync.offline'));
      break;
    case 'error':
      // In words of its kind, never the server's own (issue 37).
      parts.push(t(ERROR_KEYS[state.errorKind ?? 'other']));
      break;
    default:
      // Idle: "Up to date" only when nothing is refused, and no language is downloading.
      if (!refused && !state.adding) parts.push(state.lastSyncedAt ? t('sync.idleAt', { time: formatDateTime(state.lastSyncedAt) }) : t('sync.idle'));
  }
  // A language downloading goes on after the regular sync, page by page: said whatever the status.
  if (state.adding) parts.push(t('sync.downloading', { language: languageName(state.adding.language), count: state.adding.rows }));
  if (state.pending > 0) parts.push(t('sync.pending', { count: state.pending }));
  return parts.join(' · ');
}
