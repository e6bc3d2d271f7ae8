// Says on every page when this device's session ended without it signing out (issue 37: the
// password changed or the session was ended on another device, the account disabled), with the
// changes waiting to be sent and a way to sign in again, the email filled in. Before, only the
// header's sync error said so, in the server's words, and nothing offered a way back.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link, useLocation } from 'react-router';
import { useT } from '../../i18n/I18nContext';
import { useAuthState } from '../../session/authBridge';
import { localUserChanges, useSyncState } from '../syncBridge';

/** The sign-in page for the account whose session ended, its email filled in. */
export function signInAgainPath(email: string): string {
  return email ? `/signin?email=${encodeURIComponent(email)}` : '/signin';
}

export function SessionEndedBanner() {
  const t = useT();
  const auth = useAuthState();
  const { pathname } = useLocation();
  const { pending, refused } = useSyncState();
  const ended = auth.status === 'guest' ? auth.ended : undefined;
  const [unsent, setUnsent] = useState(0);
  useEffect(() => {
    if (!ended) return;
    let live = true;
    void localUserChanges()
      .then((n) => {
        if (live) setUnsent(n);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [ended, pending, refused]);
  if (!ended) return null;
  const email = ended.email || t('auth.ended.anotherAccount');
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="session-ended" data-unsent={unsent}>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <span>
          {t(ended.reason === 'disabled' ? 'auth.ended.disabled' : 'auth.ended.revoked')}
          {unsent > 0 && ` ${t('auth.ended.unsent', { count: unsent, email })}`}
        </span>
        {/* On /signin the form is the way in. */}
        {pathname !== '/signin' && (
          <Button variant="outlined" color="inherit" size="small" component={Link} to={signInAgainPath(ended.email)}>
            {t('auth.ended.signInAgain')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
