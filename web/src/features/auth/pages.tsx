// /signin: sign in, create an account, forgotten password, a sign-in link by email, the second
// factor step, and the pages the mailed links open (?mode=resetPassword|verifyEmail|signIn|
// verifyAndChangeEmail&oobCode=…, docs/identity.md).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { authErrorKey, IdentityError, type MfaRequired } from '../../api/identity';
import { unsentUserChanges, useSyncState } from '../../app/syncBridge';
import { useT } from '../../i18n/I18nContext';
import type { AuthStore } from '../../session/auth';
import { useAuthState, useAuthStore } from '../../session/authBridge';
import { LoadingState, PageHeader } from '../shared/components';

/** Where the address of a mailed sign-in link is remembered until the link is opened. */
export const EMAIL_FOR_SIGN_IN_KEY = 'emailForSignIn';
/** The shortest password the server accepts (docs/identity.md). */
export const MIN_PASSWORD = 8;

type Mode = 'signIn' | 'signUp' | 'forgot' | 'link';

/** A translated message for an identity error (with the server's detail for weak passwords). */
function useErrorText(): (e: unknown) => string {
  const t = useT();
  return (e) => {
    const text = t(authErrorKey(e));
    if (e instanceof IdentityError && e.code === 'auth/too-many-requests' && e.retryAfter) {
      return `${text} ${t('auth.retryAfter', { count: e.retryAfter })}`;
    }
    return text;
  };
}

/** Runs an async action with a busy flag and a translated error. */
function useAction() {
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

function Card({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 480 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {label}
      </Typography>
      {children}
    </Paper>
  );
}

/** localStorage, when the browser allows it. */
export function safeStorage(): Storage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}

/** Where to go after signing in: a same-origin path from ?continueUrl=, else /home. */
function useDestination(): string {
  const [params] = useSearchParams();
  const next = params.get('continueUrl');
  if (!next) return '/home';
  try {
    const url = new URL(next, window.location.origin);
    if (url.origin === window.location.origin && url.pathname !== '/signin') return url.pathname + url.search;
  } catch {
    // not a URL
  }
  return '/home';
}

export function SignInPage() {
  const t = useT();
  const [params] = useSearchParams();
  const store = useAuthStore();
  const mode = params.get('mode');
  const oobCode = params.get('oobCode');
  const title =
    mode === 'resetPassword' ? t('auth.reset.title') : mode === 'verifyEmail' || mode === 'verifyAndChangeEmail' ? t('auth.verify.title') : t('signin.title');
  return (
    <>
      <PageHeader title={title} />
      {!store ? (
        <LoadingState />
      ) : oobCode && mode === 'resetPassword' ? (
        <ResetPassword store={store} oobCode={oobCode} />
      ) : oobCode && (mode === 'verifyEmail' || mode === 'verifyAndChangeEmail') ? (
        <ApplyCode store={store} oobCode={oobCode} changeEmail={mode === 'verifyAndChangeEmail'} />
      ) : oobCode && mode === 'signIn' ? (
        <EmailLinkSignIn store={store} oobCode={oobCode} />
      ) : (
        <SignInForms store={store} />
      )}
    </>
  );
}

/** Offered when a guest with local study data signs in: keep it (upload) or not. */
function GuestDataChoice({ keep, onChange }: { keep: boolean; onChange: (keep: boolean) => void }) {
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
function EndedSessionUnsent() {
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

function SignInForms({ store }: { store: AuthStore }) {
  const t = useT();
  const navigate = useNavigate();
  const destination = useDestination();
  const auth = useAuthState();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(() => (params.get('mode') === 'signUp' ? 'signUp' : 'signIn'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [keepGuestData, setKeepGuestData] = useState(true);
  const [mfa, setMfa] = useState<MfaRequired | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const { busy, error, setError, run } = useAction();

  if (mfa) {
    return (
      <SecondFactor
        onSubmit={(code) => store.finishMfa(mfa, code, email, { keepGuestData }).then(() => navigate(destination, { replace: true }))}
        onCancel={() => setMfa(null)}
      />
    );
  }
  if (auth.status === 'user' && !busy) {
    return (
      <Card label={t('auth.signedInAs', { email: auth.user?.email ?? '' })}>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" component={RouterLink} to="/home">
            {t('auth.continue')}
          </Button>
          <Button component={RouterLink} to="/settings#account">
            {t('auth.account')}
          </Button>
        </Stack>
      </Card>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'signUp' && password.length < MIN_PASSWORD) {
      setError(t('auth.error.password-does-not-meet-requirements'));
      return;
    }
    void run(async () => {
      if (mode === 'signIn') {
        const step = await store.signIn(email, password, { keepGuestData });
        if (step) setMfa(step);
        else void navigate(destination, { replace: true, state: landingState(destination, await unverifiedEmail(store)) });
      } else if (mode === 'signUp') {
        await store.signUp(email, password, { keepGuestData });
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
    <Card label={label}>
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
        {needsPassword && <EndedSessionUnsent />}
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
    </Card>
  );
}

/** The TOTP step: a 6-digit code from the authenticator app, or a recovery code. */
function SecondFactor({ onSubmit, onCancel }: { onSubmit: (code: string) => Promise<unknown>; onCancel: () => void }) {
  const t = useT();
  const [code, setCode] = useState('');
  const { busy, error, run } = useAction();
  return (
    <Card label={t('auth.mfa.title')}>
      <Stack
        component="form"
        spacing={2}
        aria-label={t('auth.mfa.title')}
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            await onSubmit(code);
          });
        }}
      >
        <Typography>{t('auth.mfa.prompt')}</Typography>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <TextField
          label={t('auth.mfa.code')}
          autoComplete="one-time-code"
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'text', maxLength: 32 } }}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={busy || code.trim().length < 6}>
            {t('auth.mfa.verify')}
          </Button>
          <Button onClick={onCancel}>{t('auth.cancel')}</Button>
        </Stack>
      </Stack>
    </Card>
  );
}

/** ?mode=resetPassword: checks the code, then sets the new password. */
function ResetPassword({ store, oobCode }: { store: AuthStore; oobCode: string }) {
  const t = useT();
  const errorText = useErrorText();
  const [email, setEmail] = useState<string | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const { busy, error, setError, run } = useAction();
  useEffect(() => {
    let cancelled = false;
    store.client.resetPassword(oobCode).then(
      (e) => !cancelled && setEmail(e),
      (e: unknown) => !cancelled && setCheckError(errorText(e)),
    );
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- checked once per code
  }, [store, oobCode]);
  if (checkError) return <Alert severity="error">{checkError}</Alert>;
  if (email === null) return <LoadingState />;
  if (done) {
    return (
      <Alert severity="success" action={<Button component={RouterLink} to="/signin">{t('signin.submit')}</Button>}>
        {t('auth.reset.done')}
      </Alert>
    );
  }
  return (
    <Card label={t('auth.reset.for', { email })}>
      <Stack
        component="form"
        spacing={2}
        aria-label={t('auth.reset.title')}
        onSubmit={(e) => {
          e.preventDefault();
          if (password.length < MIN_PASSWORD) {
            setError(t('auth.error.password-does-not-meet-requirements'));
            return;
          }
          void run(async () => {
            await store.client.resetPassword(oobCode, password);
            setDone(true);
          });
        }}
      >
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <TextField
          label={t('auth.newPassword')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          helperText={t('auth.passwordRule', { min: MIN_PASSWORD })}
          slotProps={{ htmlInput: { maxLength: 128 } }}
        />
        <Button type="submit" variant="contained" disabled={busy || !password}>
          {t('auth.reset.submit')}
        </Button>
      </Stack>
    </Card>
  );
}

/** ?mode=verifyEmail / verifyAndChangeEmail: applies the code at once. */
function ApplyCode({ store, oobCode, changeEmail }: { store: AuthStore; oobCode: string; changeEmail: boolean }) {
  const t = useT();
  const errorText = useErrorText();
  const [result, setResult] = useState<{ email?: string; error?: string } | null>(null);
  const applied = useRef(false);
  useEffect(() => {
    // Codes are single-use: apply once even when effects run twice.
    if (applied.current) return;
    applied.current = true;
    store.client.applyCode(oobCode).then(
      (email) => {
        if (changeEmail && store.getState().status === 'user') store.setEmail(email);
        setResult({ email });
      },
      (e: unknown) => setResult({ error: errorText(e) }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- applied once per code
  }, [store, oobCode]);
  if (!result) return <LoadingState />;
  if (result.error) return <Alert severity="error">{result.error}</Alert>;
  return (
    <Alert severity="success" action={<Button component={RouterLink} to="/settings#account">{t('auth.account')}</Button>}>
      {changeEmail ? t('auth.verify.changed', { email: result.email ?? '' }) : t('auth.verify.done', { email: result.email ?? '' })}
    </Alert>
  );
}

/** ?mode=signIn: the mailed sign-in link (asks for the address when opened on another device). */
function EmailLinkSignIn({ store, oobCode }: { store: AuthStore; oobCode: string }) {
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
    <Card label={t('auth.emailLink')}>
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
    </Card>
  );
}
