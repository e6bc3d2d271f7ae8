// Confirming who the user is before a change that needs a recent sign-in (docs/identity.md).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { authErrorKey, type MfaRequired } from '../../api/identity';
import { useT } from '../../i18n/I18nContext';
import type { AuthStore } from '../../session/auth';
import { EMAIL_FOR_SIGN_IN_KEY, safeStorage } from './authForm';

/** Confirming who the user is before a change that needs a recent sign-in: the password, then the
 * second factor's code when the account has one. */
export function ReauthDialog({ store, email, onClose, onDone }: { store: AuthStore; email: string; onClose: () => void; onDone: () => void }) {
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
