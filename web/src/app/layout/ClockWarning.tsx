// Tells the learner when their device's clock is off the server's by more than a few minutes
// (api/serverClock.ts): their answers are kept on the server's time line all the same, so the
// warning is about the device, not a threat to their work. Dismissed for the page's life.
import { useState, useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import { CLOCK_WARN_MS, clockOffset, subscribeClock } from '../../api/serverClock';
import { useI18n } from '../../i18n/I18nContext';
import { formatInterval } from '../../study/format';

export function ClockWarning() {
  const { t, locale } = useI18n();
  const offset = useSyncExternalStore(subscribeClock, clockOffset, clockOffset);
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || Math.abs(offset) <= CLOCK_WARN_MS) return null;
  // Offset = server − device: negative when the device's clock is ahead.
  const amount = formatInterval(Math.abs(offset), locale);
  return (
    <Alert severity="warning" onClose={() => setDismissed(true)} sx={{ mb: 2 }} data-testid="clock-warning" data-offset={offset}>
      {offset < 0 ? t('clock.ahead', { amount }) : t('clock.behind', { amount })}
    </Alert>
  );
}
