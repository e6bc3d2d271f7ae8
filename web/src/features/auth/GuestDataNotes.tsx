// What signing in means for this device's local data: a guest's unsent study can be kept. (A
// session that ended without a sign-out says what it left in SessionEndedBanner, on every page.)
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useSyncState } from '../../app/syncBridge';
import { useT } from '../../i18n/I18nContext';
import { useAuthState } from '../../session/authBridge';

/** Offered when a guest with local study data signs in: keep it (upload) or not. */
export function GuestDataChoice({ keep, onChange }: { keep: boolean; onChange: (keep: boolean) => void }) {
  const t = useT();
  const { pending } = useSyncState();
  const auth = useAuthState();
  if (auth.status !== 'guest' || auth.ended || pending === 0) return null;
  return (
    <FormControlLabel
      control={<Checkbox checked={keep} onChange={(e) => onChange(e.target.checked)} />}
      label={t('auth.keepGuestData', { count: pending })}
    />
  );
}
