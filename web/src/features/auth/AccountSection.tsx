// The account part of /settings: who is signed in, email verification, change of email and
// password, two-step sign-in (TOTP with a QR code and one-time recovery codes), sign-out and
// account deletion. Guests get a way to sign in.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { authCode, authErrorKey, IdentityError, totpUri, type AccountInfo, type MfaRequired, type TotpEnrollment } from '../../api/identity';
import { unsentUserChanges } from '../../app/syncBridge';
import { useT } from '../../i18n/I18nContext';
import type { AuthStore } from '../../session/auth';
import { useAuthState, useAuthStore } from '../../session/authBridge';
import { EMAIL_FOR_SIGN_IN_KEY, MIN_PASSWORD, safeStorage } from './authForm';

type Notice = { severity: 'success' | 'error'; text: string } | null;

/** The account section's content (inside the settings page's section frame). */
export function AccountSection() {
  const t = useT();
  const auth = useAuthState();
  const store = useAuthStore();
  if (auth.status === 'unknown' || !store) return null;
  if (auth.status === 'guest') {
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography>{auth.endedUserId ? t('auth.sessionEnded') : t('auth.guest')}</Typography>
        <Button variant="contained" component={RouterLink} to="/signin">
          {t('signin.title')}
        </Button>
      </Stack>
    );
  }
  return <SignedIn store={store} />;
}

function SignedIn({ store }: { store: AuthStore }) {
  const t = useT();
  const navigate = useNavigate();
  const [info, setInfo] = useState<AccountInfo | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<'email' | 'password' | 'totp' | 'delete' | null>(null);
  /** Changes the server has not got, found when signing out (then the app asks first). */
  const [unsent, setUnsent] = useState(0);
  /** A change the server refused for want of a recent sign-in: run again once the user has
   * confirmed their password (ReauthDialog). */
  const [retry, setRetry] = useState<(() => void) | null>(null);

  const fail = useCallback((e: unknown) => setNotice({ severity: 'error', text: t(authErrorKey(e)) }), [t]);
  const reload = useCallback(async () => {
    const tokens = await store.currentTokens();
    if (tokens) setInfo(await store.client.lookup(tokens.idToken));
  }, [store]);
  useEffect(() => {
    // The account as the server has it (verified email, second factor, role).
    void Promise.resolve()
      .then(reload)
      .catch(fail);
  }, [reload, fail]);

  /** Runs a call with the current ID token. */
  const act = async (action: (session: { idToken: string; userId: string }) => Promise<void>, done?: string): Promise<void> => {
    setBusy(true);
    setNotice(null);
    try {
      const tokens = await store.currentTokens();
      if (!tokens) throw new IdentityError('INVALID_ID_TOKEN', 'auth/user-token-expired');
      await action(tokens);
      if (done) setNotice({ severity: 'success', text: done });
      await reload();
    } catch (e) {
      if (authCode(e) === 'auth/requires-recent-login') setRetry(() => () => void act(action, done));
      else fail(e);
    } finally {
      setBusy(false);
    }
  };

  /** Signs out, unless changes would be lost and the user has not said so (`anyway`). */
  const signOut = async (anyway: boolean): Promise<void> => {
    setBusy(true);
    setUnsent(0);
    const left = anyway ? 0 : await unsentUserChanges().catch(() => 0);
    if (left > 0) {
      setUnsent(left);
      setBusy(false);
      return;
    }
    await store.signOut().finally(() => navigate('/home'));
  };

  const email = info?.email ?? store.getState().user?.email ?? '';
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {notice && (
        <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'} onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography>{t('auth.signedInAs', { email })}</Typography>
        {info && (
          <Chip
            size="small"
            color={info.emailVerified ? 'success' : 'default'}
            label={info.emailVerified ? t('auth.verified') : t('auth.notVerified')}
          />
        )}
        {info && info.role !== 'user' && (
          <Chip size="small" color="primary" label={info.role === 'admin' ? t('auth.role.admin') : t('auth.role.editor', { languages: info.languages.join(', ') })} />
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
        {info && !info.emailVerified && (
          <Button disabled={busy} onClick={() => void act((s) => store.client.sendOobCode('VERIFY_EMAIL', { idToken: s.idToken }), t('auth.verifySent', { email }))}>
            {t('auth.sendVerification')}
          </Button>
        )}
        <Button onClick={() => setDialog('email')}>{t('auth.changeEmail')}</Button>
        <Button onClick={() => setDialog('password')}>{t('auth.changePassword')}</Button>
        {info?.totp ? (
          <Button
            disabled={busy}
            onClick={() => void act((s) => store.client.withdrawTotp(s.idToken, info.totp?.enrollmentId ?? ''), t('auth.totp.disabled'))}
          >
            {t('auth.totp.disable')}
          </Button>
        ) : (
          <Button onClick={() => setDialog('totp')}>{t('auth.totp.enable')}</Button>
        )}
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() => void signOut(false)}
        >
          {t('auth.signOut')}
        </Button>
        <Button color="error" onClick={() => setDialog('delete')}>
          {t('auth.delete')}
        </Button>
      </Stack>
      {unsent > 0 && (
        <Dialog open onClose={() => setUnsent(0)} aria-labelledby="unsent-title" aria-describedby="unsent-text">
          <DialogTitle id="unsent-title">{t('auth.unsent.title')}</DialogTitle>
          <DialogContent>
            <DialogContentText id="unsent-text">{t('auth.unsent.text', { count: unsent })}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button autoFocus onClick={() => setUnsent(0)}>
              {t('auth.unsent.stay')}
            </Button>
            <Button color="error" onClick={() => void signOut(true)}>
              {t('auth.unsent.signOut')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {dialog === 'email' && (
        <TextDialog
          title={t('auth.changeEmail')}
          label={t('auth.newEmail')}
          type="email"
          submit={t('auth.sendVerification')}
          onClose={() => setDialog(null)}
          onSubmit={(value) => act((s) => store.client.sendOobCode('VERIFY_AND_CHANGE_EMAIL', { idToken: s.idToken, newEmail: value }), t('auth.changeEmailSent', { email: value }))}
        />
      )}
      {dialog === 'password' && (
        <TextDialog
          title={t('auth.changePassword')}
          label={t('auth.newPassword')}
          type="password"
          helper={t('auth.passwordRule', { min: MIN_PASSWORD })}
          submit={t('auth.changePassword')}
          onClose={() => setDialog(null)}
          onSubmit={(value) =>
            act(async (s) => {
              const tokens = await store.client.update(s, { password: value });
              if (tokens) store.replaceTokens(tokens);
            }, t('auth.passwordChanged'))
          }
        />
      )}
      {dialog === 'totp' && (
        <TotpDialog
          store={store}
          email={email}
          onClose={() => setDialog(null)}
          onDone={() => void reload()}
          onNeedsSignIn={() => {
            setDialog(null);
            setRetry(() => () => setDialog('totp'));
          }}
        />
      )}
      {retry && (
        <ReauthDialog
          store={store}
          email={email}
          onClose={() => setRetry(null)}
          onDone={() => {
            setRetry(null);
            retry();
          }}
        />
      )}
      {dialog === 'delete' && (
        <Dialog open onClose={() => setDialog(null)} aria-labelledby="delete-title">
          <DialogTitle id="delete-title">{t('auth.delete')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('auth.deleteWarning')}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDialog(null)}>{t('auth.cancel')}</Button>
            <Button
              color="error"
              variant="contained"
              disabled={busy}
              onClick={() =>
                void act(async (s) => {
                  await store.client.deleteAccount(s.idToken);
                  await store.forget();
                  navigate('/home');
                })
              }
            >
              {t('auth.deleteConfirm')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}

/** A dialog asking for one value; closes when `onSubmit` settles. */
function TextDialog(props: {
  title: string;
  label: string;
  type: 'email' | 'password';
  helper?: string;
  submit: string;
  onClose: () => void;
  onSubmit: (value: string) => Promise<void>;
}) {
  const t = useT();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (props.type === 'password' && value.length < MIN_PASSWORD) {
      setError(t('auth.error.password-does-not-meet-requirements'));
      return;
    }
    void props.onSubmit(value).finally(props.onClose);
  };
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="text-dialog-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="text-dialog-title">{props.title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={props.label}
            type={props.type}
            autoComplete={props.type === 'password' ? 'new-password' : 'email'}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={!!error}
            helperText={error ?? props.helper}
            slotProps={{ htmlInput: { maxLength: props.type === 'password' ? 128 : 254 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('auth.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!value}>
            {props.submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Confirming who the user is before a change that needs a recent sign-in: the password, then the
 * second factor's code when the account has one. */
function ReauthDialog({ store, email, onClose, onDone }: { store: AuthStore; email: string; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<MfaRequired | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [linkSent, setLinkSent] = useState(false);
  const [busy, setBusy] = useState(false);
  // An account made through an email link has no password: it confirms with a new link instead
  // (opened on this device, it signs in again as the same user, keeping the local data).
  const sendLink = () => {
    setBusy(true);
    setError(null);
    void store.client
      .sendOobCode('EMAIL_SIGNIN', { email })
      .then(() => {
        safeStorage()?.setItem(EMAIL_FOR_SIGN_IN_KEY, email);
        setLinkSent(true);
      })
      .catch((err: unknown) => setError(t(authErrorKey(err))))
      .finally(() => setBusy(false));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    void (async () => {
      try {
        if (step) {
          await store.finishReauthentication(step, code.trim());
          onDone();
          return;
        }
        const next = await store.reauthenticate(password);
        if (next) setStep(next);
        else onDone();
      } catch (err) {
        setError(t(authErrorKey(err)));
      } finally {
        setBusy(false);
      }
    })();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="reauth-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate aria-labelledby="reauth-title">
        <DialogTitle id="reauth-title">{t('auth.reauth.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
            {linkSent && (
              <Alert severity="info" role="status">
                {t('auth.linkSent', { email })}
              </Alert>
            )}
            <DialogContentText>{step ? t('auth.mfa.prompt') : t('auth.reauth.prompt', { email })}</DialogContentText>
            {/* For password managers: whose password this is. */}
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
            {step ? (
              <TextField
                autoFocus
                label={t('auth.mfa.code')}
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                slotProps={{ htmlInput: { maxLength: 64 } }}
              />
            ) : (
              <TextField
                autoFocus
                label={t('signin.password')}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                slotProps={{ htmlInput: { maxLength: 128 } }}
              />
            )}
            {!step && (
              <Link component="button" type="button" onClick={sendLink} disabled={busy} sx={{ alignSelf: 'flex-start' }}>
                {t('auth.reauth.noPassword')}
              </Link>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('auth.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || (step ? !code.trim() : !password)}>
            {step ? t('auth.mfa.verify') : t('auth.reauth.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Enrolling an authenticator app: QR code and secret, a first code, then the recovery codes. */
function TotpDialog({
  store,
  email,
  onClose,
  onDone,
  onNeedsSignIn,
}: {
  store: AuthStore;
  email: string;
  onClose: () => void;
  onDone: () => void;
  /** The server wants a recent sign-in before a second factor is added. */
  onNeedsSignIn: () => void;
}) {
  const t = useT();
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const tokens = await store.currentTokens();
        if (!tokens) return;
        const started = await store.client.startTotpEnrollment(tokens.idToken);
        if (cancelled) return;
        setEnrollment(started);
        const { toDataURL } = await import('qrcode');
        const url = await toDataURL(totpUri(started, email), { margin: 1, width: 200 });
        if (!cancelled) setQr(url);
      } catch (e) {
        if (cancelled) return;
        if (authCode(e) === 'auth/requires-recent-login') onNeedsSignIn();
        else setError(t(authErrorKey(e)));
      }
    })();
    return () => {
      cancelled = true;
    };
    // onNeedsSignIn is a new function on each render; the enrollment starts once per dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, email, t]);
  const finish = (e: FormEvent) => {
    e.preventDefault();
    if (!enrollment) return;
    setBusy(true);
    setError(null);
    void (async () => {
      try {
        const tokens = await store.currentTokens();
        if (!tokens) return;
        const out = await store.client.finishTotpEnrollment(tokens, enrollment, code);
        if (out.tokens) store.replaceTokens(out.tokens);
        setRecovery(out.recoveryCodes);
        onDone();
      } catch (err) {
        setError(t(authErrorKey(err)));
      } finally {
        setBusy(false);
      }
    })();
  };
  return (
    <Dialog open onClose={recovery ? onClose : undefined} aria-labelledby="totp-title" fullWidth maxWidth="xs">
      <DialogTitle id="totp-title">{t('auth.totp.enable')}</DialogTitle>
      {recovery ? (
        <>
          <DialogContent>
            <DialogContentText>{t('auth.totp.recoveryIntro')}</DialogContentText>
            <Stack component="ul" aria-label={t('auth.totp.recoveryCodes')} sx={{ fontFamily: 'monospace', pl: 3 }}>
              {recovery.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {t('auth.totp.savedCodes')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={finish}>
          <DialogContent>
            <Stack spacing={2}>
              {error && (
                <Alert severity="error" role="alert">
                  {error}
                </Alert>
              )}
              <DialogContentText>{t('auth.totp.scan')}</DialogContentText>
              {qr && <img src={qr} width={200} height={200} alt={t('auth.totp.qrAlt')} />}
              {enrollment && (
                <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} aria-label={t('auth.totp.secret')}>
                  {enrollment.sharedSecretKey}
                </Typography>
              )}
              <TextField
                label={t('auth.mfa.code')}
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('auth.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={busy || !enrollment || code.trim().length !== 6}>
              {t('auth.mfa.verify')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
