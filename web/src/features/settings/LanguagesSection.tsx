// Settings › Languages on this device: each language whose public rows are here (or on their way),
// complete or downloading, the space it takes (measured on demand: it reads every row), "Keep
// offline" for a language not studied otherwise, and "Remove from this device" for one not studied
// (the reason shown when it cannot be), with the space that freed. The rules are db/languages.ts.
import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { languageName } from '../../app/languageName';
import { keepLanguageOffline, languageSizeOf, languagesHeld, removeLanguage, useSyncSelector, type LanguageHeld } from '../../app/syncBridge';
import { useI18n } from '../../i18n/I18nContext';
import { formatBytes } from '../../i18n/formatNumber';
import { SettingsSection } from './sections';

export function LanguagesSection() {
  const { t, locale } = useI18n();
  const [held, setHeld] = useState<LanguageHeld[]>();
  const [sizes, setSizes] = useState<Record<string, number>>({});
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string }>();
  const [busy, setBusy] = useState<string>();
  // Read again as a language's pages come in, and when a sync ends.
  const tick = useSyncSelector((s) => `${s.status}/${s.adding?.language ?? ''}/${s.adding?.rows ?? ''}`);
  const reload = useCallback(() => void languagesHeld().then(setHeld, () => setHeld([])), []);
  useEffect(reload, [reload, tick]);
  const name = (code: string) => languageName(code, locale);

  const measure = async (code: string) => {
    const { bytes } = await languageSizeOf(code);
    setSizes((s) => ({ ...s, [code]: bytes }));
  };
  const remove = async (code: string) => {
    setBusy(code);
    setNotice(undefined);
    try {
      const before = (await languageSizeOf(code)).bytes;
      await removeLanguage(code);
      // What stays (characters a kept language's entries write) is not freed.
      const after = (await languageSizeOf(code)).bytes;
      setNotice({ severity: 'success', text: t('langs.removed', { language: name(code), size: formatBytes(locale, before - after) }) });
      setSizes(({ [code]: _gone, ...rest }) => rest);
    } catch (error) {
      setNotice({ severity: 'error', text: t('langs.removeFailed', { message: error instanceof Error ? error.message : String(error) }) });
    } finally {
      setBusy(undefined);
      reload();
    }
  };
  const keep = async (code: string, on: boolean) => {
    await keepLanguageOffline(code, on);
    reload();
  };

  return (
    <SettingsSection id="settings-languages" title={t('langs.title')}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('langs.help')}
        </Typography>
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-labelledby="settings-languages">
          {held?.map((l) => {
            const why = l.block === 'current' ? t('langs.blockCurrent') : l.block === 'followed' ? t('langs.blockFollowed') : l.kept ? t('langs.blockKept') : undefined;
            const whyId = `lang-why-${l.code}`;
            return (
              <Stack
                component="li"
                key={l.code}
                data-language={l.code}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={{ xs: 1, sm: 2 }}
                sx={{ alignItems: { sm: 'center' }, borderTop: 1, borderColor: 'divider', pt: 1.5 }}
              >
                <Stack sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 500 }}>{name(l.code)}</Typography>
                  <Typography variant="body2" color="text.secondary" data-language-state={l.hold.joined ? 'complete' : 'downloading'}>
                    {l.hold.joined ? t('langs.complete') : t('langs.downloading', { count: l.hold.rows })}
                    {sizes[l.code] !== undefined && ` · ${t('langs.size', { size: formatBytes(locale, sizes[l.code]!) })}`}
                  </Typography>
                  {why && (
                    <Typography variant="body2" color="text.secondary" id={whyId}>
                      {why}
                    </Typography>
                  )}
                </Stack>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                  {sizes[l.code] === undefined && (
                    <Button size="small" onClick={() => void measure(l.code)}>
                      {t('langs.measure')}
                    </Button>
                  )}
                  {l.block === null && (
                    <FormControlLabel
                      control={<Switch checked={l.kept} onChange={(e) => void keep(l.code, e.target.checked)} />}
                      label={t('langs.keepOffline')}
                    />
                  )}
                  <Button
                    size="small"
                    variant="outlined"
                    color="error"
                    startIcon={<DeleteOutlined />}
                    disabled={why !== undefined || busy !== undefined}
                    aria-describedby={why ? whyId : undefined}
                    onClick={() => void remove(l.code)}
                  >
                    {t('langs.remove')}
                  </Button>
                </Stack>
              </Stack>
            );
          })}
        </Stack>
        {notice && (
          <Alert severity={notice.severity} role="status">
            {notice.text}
          </Alert>
        )}
      </Stack>
    </SettingsSection>
  );
}
