// Settings › Account: where the account is signed in (issue 37): each session's device, when it
// signed in and was last active, this device marked; sign out any other one, or all others at
// once (a lost phone). The server refuses an ended session's tokens within seconds; its device
// keeps what it has not sent until it signs in again.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { authCode, authErrorKey, type SessionListed } from '../../api/identity';
import { useI18n } from '../../i18n/I18nContext';
import type { AuthStore } from '../../session/auth';

type Notice = { severity: 'success' | 'error'; text: string } | null;

export function SessionsList({ store, confirmIdentity }: { store: AuthStore; confirmIdentity: (retry: () => void) => void }) {
  const { t, formatDateTime } = useI18n();
  const [sessions, setSessions] = useState<SessionListed[] | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    setSessions(await store.withIdToken((idToken) => store.client.listSessions(idToken)));
  }, [store]);
  const fail = useCallback((e: unknown) => setNotice({ severity: 'error', text: t(authErrorKey(e)) }), [t]);
  useEffect(() => {
    void Promise.resolve()
      .then(load)
      .catch(fail);
  }, [load, fail]);

  const device = (s: SessionListed) =>
    s.browser && s.os ? t('sessions.device', { browser: s.browser, os: s.os }) : s.browser || s.os || t('sessions.unknownDevice');

  /** Runs an ending, then reads the list again (a session already ended drops out of it). */
  const act = async (action: (idToken: string) => Promise<string>): Promise<void> => {
    setBusy(true);
    setNotice(null);
    try {
      const done = await store.withIdToken(action);
      if (done) setNotice({ severity: 'success', text: done });
    } catch (e) {
      if (authCode(e) === 'auth/requires-recent-login') confirmIdentity(() => void act(action));
      else fail(e);
    } finally {
      setBusy(false);
      await load().catch(() => undefined);
    }
  };

  const others = sessions?.filter((s) => !s.current) ?? [];
  return (
    <Stack spacing={1.5} sx={{ width: '100%', maxWidth: 640 }} component="section" aria-labelledby="sessions-title">
      <Typography variant="subtitle1" component="h3" id="sessions-title">
        {t('sessions.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('sessions.intro')}
      </Typography>
      {notice && (
        <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'} onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      {sessions?.map((s) => (
        <Paper key={s.sessionId} variant="outlined" sx={{ p: 1.5 }} data-testid="session-row" data-current={s.current}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 500 }}>{device(s)}</Typography>
                {s.current && <Chip size="small" color="primary" label={t('sessions.thisDevice')} />}
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {t('sessions.times', { created: formatDateTime(s.createdAt), used: formatDateTime(s.lastUsedAt) })}
              </Typography>
            </Stack>
            {!s.current && (
              <Button
                size="small"
                disabled={busy}
                aria-label={t('sessions.endLabel', { device: device(s) })}
                onClick={() =>
                  void act(async (idToken) => {
                    await store.client.endSession(idToken, s.sessionId);
                    return t('sessions.ended', { device: device(s) });
                  })
                }
              >
                {t('sessions.end')}
              </Button>
            )}
          </Stack>
        </Paper>
      ))}
      {sessions &&
        (others.length > 0 ? (
          <Button
            variant="outlined"
            color="warning"
            disabled={busy}
            sx={{ alignSelf: 'flex-start' }}
            onClick={() =>
              void act(async (idToken) => {
                const count = await store.client.endOtherSessions(idToken);
                return count > 0 ? t('sessions.endOthersDone', { count }) : t('sessions.noOthers');
              })
            }
          >
            {t('sessions.endOthers')}
          </Button>
        ) : (
          <Typography variant="body2">{t('sessions.noOthers')}</Typography>
        ))}
    </Stack>
  );
}
