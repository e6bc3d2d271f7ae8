// Enrolling an authenticator app for two-step sign-in: QR code and secret, a first code, then the
// one-time recovery codes.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { authCode, authErrorKey, totpUri, type TotpEnrollment } from '../../api/identity';
import { useT } from '../../i18n/I18nContext';
import type { AuthStore } from '../../session/auth';

/** Enrolling an authenticator app: QR code and secret, a first code, then the recovery codes. */
export function TotpDialog({
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
