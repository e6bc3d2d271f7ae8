// What signing in means for this device's local data: a guest's unsent study can be kept, and a
// session that ended without a sign-out left changes only the same account can send.
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useEffect, useState } from 'react';
import { unsentUserChanges, useSyncState } from '../../app/syncBridge';
import { useT } from '../../i18n/I18nContext';
import { useAuthState } from '../../session/authBridge';

/** Offered when a guest with local study data signs in: keep it (upload) or not. */
export function GuestDataChoice({ keep, onChange }: { keep: boolean; onChange: (keep: boolean) => void }) {
  const t = useT();
  const { pending } = useSyncState();
  const auth = useAuthState();
  if (auth.status !== 'guest' || auth.endedUserId || pending === 0) return null;
  return (
    <FormControlLabel
      control={<Checkbox checked={keep} onChange={(e) => onChange(e.target.checked)} />}
      label={t('auth.keepGuestData', { count: pending })}
    />
  );
}

/** After a session ended without a sign-out: the changes it left unsent, which only the same
 * account can send (signing in as another deletes them, as its data is cleared first). */
export function EndedSessionUnsent() {
  const t = useT();
  const auth = useAuthState();
  const { pending, refused } = useSyncState();
  const [count, setCount] = useState(0);
  const ended = auth.status === 'guest' ? auth.endedUserId : undefined;
  useEffect(() => {
    if (!ended) return;
    let live = true;
    void unsentUserChanges().then((n) => {
      if (live) setCount(n);
    });
    return () => {
      live = false;
    };
  }, [ended, pending, refused]);
  if (!ended || count === 0) return null;
  return <Alert severity="warning">{t('auth.endedUnsent', { count })}</Alert>;
}
