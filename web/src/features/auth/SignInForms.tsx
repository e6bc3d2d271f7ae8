// The sign-in form of /signin, in its four modes: sign in, create an account, forgotten password,
// and a sign-in link by email (then the second factor, when the account has one). After a session
// ended without signing out it is the way back: the email comes filled in (?email=, or the ended
// session's), and signing in as another account first asks what becomes of the changes waiting.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { MfaRequired } from '../../api/identity';
import { useT } from '../../i18n/I18nContext';
import { AccountSwitchDeclined, type AuthStore } from '../../session/auth';
import { useAuthState } from '../../session/authBridge';
import { AuthCard, EMAIL_FOR_SIGN_IN_KEY, MIN_PASSWORD, safeStorage, useAction, useDestination } from './authForm';
import { GuestDataChoice } from './GuestDataNotes';
import { useOtherAccountChoice } from './OtherAccountChoice';
import { SecondFactor } from './SecondFactor';

type Mode = 'signIn' | 'signUp' | 'forgot' | 'link';

/** Where sign-in and sign-up land, with Home's "check your inbox" note when the address is not
 * verified yet (HomePage reads `checkInbox` from the location's state). */
function landingState(destination: string, unverifiedEmail: string | null): { checkInbox: string } | undefined {
  return unverifiedEmail && destination === '/home' ? { checkInbox: unverifiedEmail } : undefined;
}

/** The address of the signed-in account when it is not verified yet (null when verified or not
 * known: the note is a courtesy, never a reason to hold sign-in back). */
async function unverifiedEmail(store: AuthStore): Promise<string | null> {
  try {
    const tokens = await store.currentTokens();
    if (!tokens) return null;
    const info = await store.client.lookup(tokens.idToken);
    return info.emailVerified ? null : info.email;
  } catch {
    return null;
  }
}

export function SignInForms({ store }: { store: AuthStore }) {
  const t = useT();
  const navigate = useNavigate();
  const destination = useDestination();
  const auth = useAuthState();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(() => (params.get('mode') === 'signUp' ? 'signUp' : 'signIn'));
  const [email, setEmail] = useState(() => params.get('email') ?? (auth.status === 'guest' ? auth.ended?.email : undefined) ?? '');
  const [password, setPassword] = useState('');
  const [keepGuestData, setKeepGuestData] = useState(true);
  const [mfa, setMfa] = useState<MfaRequired | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const { busy, error, setError, run } = useAction();
  const otherAccount = useOtherAccountChoice();
  const options = { keepGuestData, chooseForOtherAccount: otherAccount.ask };
  const signedIn = auth.status === 'user';
  useEffect(() => {
    // "Signed in as" only while the server agrees: a session ended elsewhere shows the form.
    if (signedIn) void store.lookup().catch(() => undefined);
  }, [signedIn, store]);

  /** The learner kept another account's changes: back to the form, as that account. */
  const declined = (e: unknown) => {
    if (!(e instanceof AccountSwitchDeclined)) throw e;
    setMfa(null);
    setEmail(e.endedEmail);
    setPassword('');
    setSent(t('auth.ended.kept', { email: e.endedEmail || t('auth.ended.anotherAccount') }));
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
  if (auth.status === 'user' && !busy) {
    return (
      <AuthCard label={t('auth.signedInAs', { email: auth.user?.email ?? '' })}>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" component={RouterLink} to="/home">
            {t('auth.continue')}
          </Button>
          <Button component={RouterLink} to="/settings#account">
            {t('auth.account')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'signUp' && password.length < MIN_PASSWORD) {
      setError(t('auth.error.password-does-not-meet-requirements'));
      return;
    }
    setSent(null);
    void run(async () => {
      if (mode === 'signIn') {
        const step = await store.signIn(email, password, options).catch(declined);
        if (step) setMfa(step);
        else if (step === null) void navigate(destination, { replace: true, state: landingState(destination, await unverifiedEmail(store)) });
      } else if (mode === 'signUp') {
        if ((await store.signUp(email, password, options).then(() => true, declined)) !== true) return;
        // A verification mail right away, not waited for: failing to send it does not undo the
        // account, and the learner need not wait for the mail server.
        const tokens = await store.currentTokens();
        if (tokens) void store.client.sendOobCode('VERIFY_EMAIL', { idToken: tokens.idToken }).catch(() => undefined);
        // A new account starts where studying does: Home, with a note to check the inbox.
        void navigate(destination, { replace: true, state: landingState(destination, email.trim()) });
      } else if (mode === 'forgot') {
        await store.client.sendOobCode('PASSWORD_RESET', { email });
        setSent(t('auth.resetSent', { email }));
      } else {
        await store.client.sendOobCode('EMAIL_SIGNIN', { email });
        safeStorage()?.setItem(EMAIL_FOR_SIGN_IN_KEY, email.trim());
        setSent(t('auth.linkSent', { email }));
      }
    });
  };

  const switchTo = (next: Mode) => () => {
    setMode(next);
    setError(null);
    setSent(null);
  };
  const label = { signIn: t('signin.title'), signUp: t('auth.signUp'), forgot: t('auth.forgot'), link: t('auth.emailLink') }[mode];
  const needsPassword = mode === 'signIn' || mode === 'signUp';
  return (
    <AuthCard label={label}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label={label}>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {sent && (
          <Alert severity="success" role="status">
            {sent}
          </Alert>
        )}
        <TextField
          label={t('signin.email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />
        {needsPassword && (
          <TextField
            label={t('signin.password')}
            type="password"
            autoComplete={mode === 'signUp' ? 'new-password' : 'current-password'}
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            helperText={mode === 'signUp' ? t('auth.passwordRule', { min: MIN_PASSWORD }) : undefined}
            slotProps={{ htmlInput: { maxLength: 128 } }}
          />
        )}
        {needsPassword && <GuestDataChoice keep={keepGuestData} onChange={setKeepGuestData} />}
        {otherAccount.dialog}
        <Button type="submit" variant="contained" disabled={busy || !email || (needsPassword && !password)}>
          {mode === 'signIn' ? t('signin.submit') : mode === 'signUp' ? t('auth.signUpSubmit') : mode === 'forgot' ? t('auth.sendReset') : t('auth.sendLink')}
        </Button>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
          {mode !== 'signIn' && (
            <Link component="button" type="button" onClick={switchTo('signIn')}>
              {t('auth.haveAccount')}
            </Link>
          )}
          {mode !== 'signUp' && (
            <Link component="button" type="button" onClick={switchTo('signUp')}>
              {t('auth.signUp')}
            </Link>
          )}
          {mode !== 'forgot' && (
            <Link component="button" type="button" onClick={switchTo('forgot')}>
              {t('auth.forgot')}
            </Link>
          )}
          {mode !== 'link' && (
            <Link component="button" type="button" onClick={switchTo('link')}>
              {t('auth.emailLink')}
            </Link>
          )}
        </Stack>
        <Button component={RouterLink} to="/home">
          {t('signin.continueAsGuest')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
