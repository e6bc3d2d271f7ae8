// The second factor step of signing in: a code from the authenticator app, or a recovery code.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useT } from '../../i18n/I18nContext';
import { AuthCard, useAction } from './authForm';

/** The TOTP step: a 6-digit code from the authenticator app, or a recovery code. */
export function SecondFactor({ onSubmit, onCancel }: { onSubmit: (code: string) => Promise<unknown>; onCancel: () => void }) {
  const t = useT();
  const [code, setCode] = useState('');
  const { busy, error, run } = useAction();
  return (
    <AuthCard label={t('auth.mfa.title')}>
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
    </AuthCard>
  );
}
