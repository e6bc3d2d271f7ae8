// The page a mailed sign-in link opens (?mode=signIn&oobCode=…). As on the sign-in form, signing
// in as another account than the one whose session ended here asks first (OtherAccountChoice).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { MfaRequired } from '../../api/identity';
import { useT } from '../../i18n/I18nContext';
import { AccountSwitchDeclined, type AuthStore } from '../../session/auth';
import { AuthCard, EMAIL_FOR_SIGN_IN_KEY, safeStorage, useAction, useDestination } from './authForm';
import { GuestDataChoice } from './GuestDataNotes';
import { useOtherAccountChoice } from './OtherAccountChoice';
import { SecondFactor } from './SecondFactor';

/** ?mode=signIn: the mailed sign-in link (asks for the address when opened on another device). */
export function EmailLinkSignIn({ store, oobCode }: { store: AuthStore; oobCode: string }) {
  const t = useT();
  const navigate = useNavigate();
  const destination = useDestination();
  const [email, setEmail] = useState(() => safeStorage()?.getItem(EMAIL_FOR_SIGN_IN_KEY) ?? '');
  const [mfa, setMfa] = useState<MfaRequired | null>(null);
  const [keepGuestData, setKeepGuestData] = useState(true);
  const [kept, setKept] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const otherAccount = useOtherAccountChoice();
  const options = { keepGuestData, chooseForOtherAccount: otherAccount.ask };
  /** The learner kept another account's changes: the link is spent; say how to send them. */
  const declined = (e: unknown) => {
    if (!(e instanceof AccountSwitchDeclined)) throw e;
    setMfa(null);
    setKept(t('auth.ended.kept', { email: e.endedEmail || t('auth.ended.anotherAccount') }));
  };
  if (mfa) {
    return (
      <>
        <SecondFactor
          onSubmit={(code) =>
            store
              .finishMfa(mfa, code, email, options)
              .then(() => navigate(destination, { replace: true }))
              .catch(declined)
          }
          onCancel={() => setMfa(null)}
        />
        {otherAccount.dialog}
      </>
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
            setKept(null);
            const step = await store.signInWithEmailLink(email, oobCode, options).catch(declined);
            safeStorage()?.removeItem(EMAIL_FOR_SIGN_IN_KEY);
            if (step) setMfa(step);
            else if (step === null) void navigate(destination, { replace: true });
          });
        }}
      >
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {kept && (
          <Alert severity="info" role="status">
            {kept}
          </Alert>
        )}
        <TextField label={t('signin.email')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <GuestDataChoice keep={keepGuestData} onChange={setKeepGuestData} />
        {otherAccount.dialog}
        <Button type="submit" variant="contained" disabled={busy || !email}>
          {t('signin.submit')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
