// The sync status in the app bar: idle, syncing (with progress), offline or error, plus the number
// of changes waiting in the outbox, or (in the error colour) of those the server refused. Links to
// the settings, where local data can be refreshed, and, while any change is refused, straight to
// the list of refused changes (RefusedChanges), to retry or discard them.
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { keyframes } from '@mui/material/styles';
import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import SyncProblem from '@mui/icons-material/SyncProblem';
import Sync from '@mui/icons-material/Sync';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/I18nContext';
import { useSyncState, type SyncState } from '../syncBridge';
import { languageName } from '../languageName';
import { REFUSED_LIST_ID, syncLabel, type SyncLabelOptions } from './SyncIndicatorLabel';

const spin = keyframes`from { transform: rotate(0deg); } to { transform: rotate(-360deg); }`;

/** The sync status in words (SyncIndicatorLabel.ts). */
export function useSyncLabel(state: SyncState, options?: SyncLabelOptions): string {
  const { t, formatDateTime, locale } = useI18n();
  return syncLabel(state, t, formatDateTime, { languageName: (code) => languageName(code, locale), ...options });
}

export function SyncIndicator() {
  const state = useSyncState();
  const label = useSyncLabel(state, { pointToList: true });
  const refused = state.refused > 0;
  const icon =
    state.status === 'syncing' || (state.adding && state.status === 'idle') ? (
      // Turned on a box around the icon, not on the svg: Chromium runs an HTML box's transform
      // animation on the compositor, an svg's on the main thread (style and paint every frame, for
      // as long as a first sync lasts).
      <Box component="span" sx={{ display: 'inline-flex', animation: `${spin} 1.2s linear infinite`, '@media (prefers-reduced-motion: reduce)': { animation: 'none' } }}>
        <Sync />
      </Box>
    ) : state.status === 'offline' ? (
      <CloudOffOutlined />
    ) : state.status === 'error' || refused ? (
      <SyncProblem />
    ) : (
      <CloudDoneOutlined />
    );
  return (
    <IconButton
      color="inherit"
      component={Link}
      to={refused ? `/settings#${REFUSED_LIST_ID}` : '/settings'}
      aria-label={label}
      title={label}
      data-sync-status={state.status}
      data-sync-adding={state.adding?.language}
      data-sync-refused={refused ? state.refused : undefined}
    >
      {/* Only a non-zero count is shown, the refused one first, in the error colour (the icon
          itself keeps the bar's colour: red on the primary bar is unreadable); the label names
          it ("2 changes could not be saved…"), so the accessible name includes the visible text. */}
      {refused || state.pending > 0 ? (
        <Badge badgeContent={refused ? state.refused : state.pending} color={refused ? 'error' : 'secondary'} max={999}>
          {icon}
        </Badge>
      ) : (
        icon
      )}
    </IconButton>
  );
}
