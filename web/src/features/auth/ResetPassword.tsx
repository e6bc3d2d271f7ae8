// The page a mailed password-reset link opens (?mode=resetPassword&oobCode=…).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../i18n/I18nContext';
import type { AuthStore } from '../../session/auth';
import { LoadingState } from '../shared/components';
import { AuthCard, MIN_PASSWORD, useAction, useErrorText } from './authForm';

/** ?mode=resetPassword: checks the code, then sets the new password. */
export function ResetPassword({ store, oobCode }: { store: AuthStore; oobCode: string }) {
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
    <AuthCard label={t('auth.reset.for', { email })}>
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
    </AuthCard>
  );
}
