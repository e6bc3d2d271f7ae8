// The page a mailed verification link opens (?mode=verifyEmail|verifyAndChangeEmail|recoverEmail
// &oobCode=…). A recoverEmail link gives the account its old address back after a change someone
// else may have made: every device is signed out, and the page offers a new password at once.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../i18n/I18nContext';
import type { AuthStore } from '../../session/auth';
import { LoadingState } from '../shared/components';
import { useAction, useErrorText } from './authForm';

/** What the link does: verify the address, change to it, or give the old one back. */
export type CodeKind = 'verify' | 'change' | 'recover';

/** Applies the code at once. */
export function ApplyCode({ store, oobCode, kind }: { store: AuthStore; oobCode: string; kind: CodeKind }) {
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
        if (kind === 'change' && store.getState().status === 'user') store.setEmail(email);
        setResult({ email });
      },
      (e: unknown) => setResult({ error: errorText(e) }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- applied once per code
  }, [store, oobCode]);
  if (!result) return <LoadingState />;
  if (result.error) return <Alert severity="error">{result.error}</Alert>;
  const email = result.email ?? '';
  if (kind === 'recover') return <Recovered store={store} email={email} />;
  return (
    <Alert severity="success" action={<Button component={RouterLink} to="/settings#account">{t('auth.account')}</Button>}>
      {kind === 'change' ? t('auth.verify.changed', { email }) : t('auth.verify.done', { email })}
    </Alert>
  );
}

/** The address is back: say what happened and offer a reset link to it. */
function Recovered({ store, email }: { store: AuthStore; email: string }) {
  const t = useT();
  const { busy, error, run } = useAction();
  const [sent, setSent] = useState(false);
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Alert severity="success">{t('auth.recover.done', { email })}</Alert>
      {error && <Alert severity="error">{error}</Alert>}
      {sent ? (
        <Alert severity="info">{t('auth.resetSent', { email })}</Alert>
      ) : (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="contained"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await store.client.sendOobCode('PASSWORD_RESET', { email });
                setSent(true);
              })
            }
          >
            {t('auth.sendReset')}
          </Button>
          <Button component={RouterLink} to="/signin">
            {t('auth.recover.signIn')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
