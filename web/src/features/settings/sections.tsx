// Settings sections: theme, interface language (locale), studied language, local data (with the
// changes the server refused).
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { ReactNode } from 'react';
import { useLanguageCode } from '../../app/languageCode';
import { useLanguageName } from '../../app/languages';
import { LanguagePicker } from '../../app/layout/LanguagePicker';
import { useSyncLabel } from '../../app/layout/SyncIndicator';
import { trackLoading } from '../../app/loadingBar';
import { refresh, useSyncState } from '../../app/syncBridge';
import { THEME_PREFERENCES, isThemePreference } from '../../app/themePreference';
import { useThemePreference } from '../../app/themeStore';
import { useI18n, useT } from '../../i18n/I18nContext';
import { SUPPORTED_LOCALES, isSupportedLocale } from '../../i18n/locale';
import { RefusedChanges } from './RefusedChanges';

export function SettingsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" id={id} gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export function ThemeSection() {
  const t = useT();
  const { preference, mode, setPreference } = useThemePreference();
  return (
    <SettingsSection id="settings-theme" title={t('theme.title')}>
      <FormControl>
        <FormLabel id="theme-choice">{t('theme.choose')}</FormLabel>
        <RadioGroup
          aria-labelledby="theme-choice"
          value={preference}
          onChange={(e) => {
            if (isThemePreference(e.target.value)) setPreference(e.target.value);
          }}
        >
          {THEME_PREFERENCES.map((p) => (
            <FormControlLabel key={p} value={p} control={<Radio />} label={t(`theme.${p}`)} />
          ))}
        </RadioGroup>
      </FormControl>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('theme.current', { mode: t(`theme.${mode}`) })}
      </Typography>
    </SettingsSection>
  );
}

/** Names of the locales in their own language (not translated on purpose). */
const LOCALE_NAMES: Record<(typeof SUPPORTED_LOCALES)[number], string> = {
  'en-US': 'English (US)',
  'ko-KR': '한국어',
  ar: 'العربية',
  he: 'עברית',
  fa: 'فارسی',
};

export function LocaleSection() {
  const { t, locale, loading, setLocale } = useI18n();
  return (
    <SettingsSection id="settings-locale" title={t('locale.title')}>
      <TextField
        select
        label={t('locale.label')}
        value={locale}
        // Not disabled while a locale loads: that would drop the keyboard focus to the page (the
        // store lets the last choice win when switches overlap).
        slotProps={{ select: { 'aria-busy': loading } }}
        onChange={(e) => {
          if (isSupportedLocale(e.target.value)) void trackLoading(setLocale(e.target.value));
        }}
        sx={{ minWidth: 240 }}
      >
        {SUPPORTED_LOCALES.map((l) => (
          <MenuItem key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </MenuItem>
        ))}
      </TextField>
    </SettingsSection>
  );
}

export function LanguageSection() {
  const t = useT();
  const { languageCode, allowed } = useLanguageCode();
  const language = useLanguageName(languageCode);
  return (
    <SettingsSection id="settings-language" title={t('language.title')}>
      {allowed ? (
        <LanguagePicker size="medium" />
      ) : (
        <Typography>{t('language.fixed', { language })}</Typography>
      )}
    </SettingsSection>
  );
}

export function DataSection() {
  const t = useT();
  const state = useSyncState();
  const label = useSyncLabel(state);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onRefresh = async () => {
    setBusy(true);
    setFailed(null);
    try {
      await trackLoading(refresh());
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <SettingsSection id="settings-data" title={t('data.title')}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography role="status" aria-live="polite">
          {label}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('data.refreshHelp')}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<RefreshIcon />}
          onClick={() => void onRefresh()}
          disabled={busy || state.status === 'syncing'}
        >
          {t('data.refresh')}
        </Button>
        {failed && <Alert severity="error">{t('data.refreshFailed', { message: failed })}</Alert>}
        <RefusedChanges count={state.refused} />
      </Stack>
    </SettingsSection>
  );
}
