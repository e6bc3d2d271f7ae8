// The sync status in the app bar: idle, syncing (with progress), offline or error, plus the number
// of changes waiting in the outbox, or (in the error colour) of those the server refused. Links to
// the settings, where local data can be refreshed and refused changes retried or discarded.
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { keyframes } from '@mui/material/styles';
import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import SyncProblem from '@mui/icons-material/SyncProblem';
import Sync from '@mui/icons-material/Sync';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/I18nContext';
import { useSyncState, type SyncState } from '../syncBridge';

const spin = keyframes`from { transform: rotate(0deg); } to { transform: rotate(-360deg); }`;

const SYNC_TABLES = ['languages', 'decks', 'entries', 'characters', 'userEntries', 'userDecks', 'userCards', 'userReviews'] as const;

export function useSyncLabel(state: SyncState): string {
  const { t, formatDateTime } = useI18n();
  const tableName = (table: string) => {
    const known = SYNC_TABLES.find((name) => name === table);
    return known ? t(`sync.table.${known}`) : table;
  };
  let label: string;
  switch (state.status) {
    case 'syncing':
      label = state.progress
        ? t('sync.syncingTable', { table: tableName(state.progress.table), count: state.progress.rows })
        : t('sync.syncing');
      break;
    case 'offline':
      label = t('sync.offline');
      break;
    case 'error':
      label = state.error ? t('sync.errorWithMessage', { message: state.error }) : t('sync.error');
      break;
    default:
      label = state.lastSyncedAt ? t('sync.idleAt', { time: formatDateTime(state.lastSyncedAt) }) : t('sync.idle');
  }
  if (state.pending > 0) label += ' · ' + t('sync.pending', { count: state.pending });
  if (state.failed > 0) label += ' · ' + t('sync.refused', { count: state.failed });
  return label;
}

export function SyncIndicator() {
  const state = useSyncState();
  const label = useSyncLabel(state);
  const icon =
    state.status === 'syncing' ? (
      <Sync sx={{ animation: `${spin} 1.2s linear infinite`, '@media (prefers-reduced-motion: reduce)': { animation: 'none' } }} />
    ) : state.status === 'offline' ? (
      <CloudOffOutlined />
    ) : state.status === 'error' || state.failed > 0 ? (
      <SyncProblem />
    ) : (
      <CloudDoneOutlined />
    );
  return (
    <IconButton color="inherit" component={Link} to="/settings" aria-label={label} title={label} data-sync-status={state.status}>
      {/* Only a non-zero count is shown; the label names it ("3 changes waiting…"), so the
          accessible name includes the visible text. */}
      {state.failed > 0 || state.pending > 0 ? (
        <Badge badgeContent={state.failed || state.pending} color={state.failed > 0 ? 'error' : 'secondary'} max={999}>
          {icon}
        </Badge>
      ) : (
        icon
      )}
    </IconButton>
  );
}
