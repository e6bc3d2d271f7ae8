// The account part of /settings: who is signed in, email verification, change of email and
// password, two-step sign-in (TOTP with a QR code and one-time recovery codes), where the account
// is signed in (SessionsList), sign-out and account deletion. Guests get a way to sign in; after a
// session ended without signing out, why, and a way to sign in again as that account. What the
// account is (verified, second factor) shows only once the server has answered for it, so a
// session ended elsewhere never reads "Signed in as" with offers it cannot keep.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { signInAgainPath } from '../../app/layout/SessionEndedBanner';
import { authCode, authErrorKey, IdentityError, type AccountInfo } from '../../api/identity';
import { unsentUserChanges } from '../../app/syncBridge';
import { useT } from '../../i18n/I18nContext';
import type { AuthStore } from '../../session/auth';
import { useAuthState, useAuthStore } from '../../session/authBridge';
import { MIN_PASSWORD } from './authForm';
import { TextDialog } from './TextDialog';
import { ReauthDialog } from './ReauthDialog';
import { TotpDialog } from './TotpDialog';
import { SessionsList } from './SessionsList';

type Notice = { severity: 'success' | 'error'; text: string } | null;

/** The account section's content (inside the settings page's section frame). */
export function AccountSection() {
  const t = useT();
  const auth = useAuthState();
  const store = useAuthStore();
  if (auth.status === 'unknown' || !store) return null;
  if (auth.status === 'guest') {
    const ended = auth.ended;
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography>{ended ? t(ended.reason === 'disabled' ? 'auth.ended.disabled' : 'auth.ended.revoked') : t('auth.guest')}</Typography>
        <Button variant="contained" component={RouterLink} to={ended ? signInAgainPath(ended.email) : '/signin'}>
          {ended ? t('auth.ended.signInAgain') : t('signin.title')}
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
  /** The server could not be asked (offline): who is signed in is said as stored. */
  const [unchecked, setUnchecked] = useState(false);
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
    // A refused token ends the session here (this section then says so), unless renewed.
    const found = await store.lookup();
    if (found) setInfo(found);
  }, [store]);
  useEffect(() => {
    // The account as the server has it (verified email, second factor, role).
    void Promise.resolve()
      .then(reload)
      .catch((e: unknown) => {
        if (authCode(e) === 'auth/network-request-failed') setUnchecked(true);
        else fail(e);
      });
  }, [reload, fail]);

  /** Runs a call with the current ID token. */
  const act = async (action: (session: { idToken: string; userId: string }) => Promise<void>, done?: string): Promise<void> => {
    setBusy(true);
    setNotice(null);
    try {
      // A refused token is renewed and the call made again, or the session has ended.
      const userId = store.getState().user?.id ?? '';
      const ran = await store.withIdToken(async (idToken) => {
        await action({ idToken, userId });
        return true;
      });
      if (!ran) throw new IdentityError('INVALID_ID_TOKEN', 'auth/user-token-expired');
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
        {(info || unchecked) && <Typography>{t('auth.signedInAs', { email })}</Typography>}
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
      {info && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
          {!info.emailVerified && (
            <Button disabled={busy} onClick={() => void act((s) => store.client.sendOobCode('VERIFY_EMAIL', { idToken: s.idToken }), t('auth.verifySent', { email }))}>
              {t('auth.sendVerification')}
            </Button>
          )}
          <Button onClick={() => setDialog('email')}>{t('auth.changeEmail')}</Button>
          <Button onClick={() => setDialog('password')}>{t('auth.changePassword')}</Button>
          {info.totp ? (
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
      )}
      {info && <SessionsList store={store} confirmIdentity={(again) => setRetry(() => again)} />}
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
