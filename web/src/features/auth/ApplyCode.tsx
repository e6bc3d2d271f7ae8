// The page a mailed verification link opens (?mode=verifyEmail|verifyAndChangeEmail&oobCode=…).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../i18n/I18nContext';
import type { AuthStore } from '../../session/auth';
import { LoadingState } from '../shared/components';
import { useErrorText } from './authForm';

/** ?mode=verifyEmail / verifyAndChangeEmail: applies the code at once. */
export function ApplyCode({ store, oobCode, changeEmail }: { store: AuthStore; oobCode: string; changeEmail: boolean }) {
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
