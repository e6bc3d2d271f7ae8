// The page a mailed sign-in link opens (?mode=signIn&oobCode=…).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { MfaRequired } from '../../api/identity';
import { useT } from '../../i18n/I18nContext';
import type { AuthStore } from '../../session/auth';
import { AuthCard, EMAIL_FOR_SIGN_IN_KEY, safeStorage, useAction, useDestination } from './authForm';
import { EndedSessionUnsent, GuestDataChoice } from './GuestDataNotes';
import { SecondFactor } from './SecondFactor';

/** ?mode=signIn: the mailed sign-in link (asks for the address when opened on another device). */
export function EmailLinkSignIn({ store, oobCode }: { store: AuthStore; oobCode: string }) {
  const t = useT();
  const navigate = useNavigate();
  const destination = useDestination();
  const [email, setEmail] = useState(() => safeStorage()?.getItem(EMAIL_FOR_SIGN_IN_KEY) ?? '');
  const [mfa, setMfa] = useState<MfaRequired | null>(null);
  const [keepGuestData, setKeepGuestData] = useState(true);
  const { busy, error, run } = useAction();
  if (mfa) {
    return (
      <SecondFactor
        onSubmit={(code) => store.finishMfa(mfa, code, email, { keepGuestData }).then(() => navigate(destination, { replace: true }))}
        onCancel={() => setMfa(null)}
      />
    );
  }
  return (
    <AuthCard label={t('auth.emailLink')}>
      <Stack
        component="form"
        spacing={2}
        aria-label={t('auth.emailLink')}
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            const step = await store.signInWithEmailLink(email, oobCode, { keepGuestData });
            safeStorage()?.removeItem(EMAIL_FOR_SIGN_IN_KEY);
            if (step) setMfa(step);
            else navigate(destination, { replace: true });
          });
        }}
      >
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <TextField label={t('signin.email')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <GuestDataChoice keep={keepGuestData} onChange={setKeepGuestData} />
        <EndedSessionUnsent />
        <Button type="submit" variant="contained" disabled={busy || !email}>
          {t('signin.submit')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
