// /settings, /theme and /signin.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Link } from 'react-router';
import { useT } from '../../i18n/I18nContext';
import { PageHeader } from '../shared/components';
import { DataSection, LanguageSection, LocaleSection, ThemeSection } from './sections';

export function SettingsPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('settings.title')} />
      <Stack spacing={2}>
        <ThemeSection />
        <LocaleSection />
        <LanguageSection />
        <DataSection />
      </Stack>
    </>
  );
}

export function ThemePage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('theme.title')} crumbs={[{ to: '/settings', label: t('settings.title') }]} />
      <ThemeSection />
    </>
  );
}

export function SignInPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('signin.title')} />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 480 }}>
        <Stack component="form" spacing={2} onSubmit={(e) => e.preventDefault()} aria-describedby="signin-note">
          <Alert severity="info" id="signin-note">
            {t('signin.comingWithAccounts')}
          </Alert>
          <TextField label={t('signin.email')} type="email" autoComplete="email" disabled />
          <TextField label={t('signin.password')} type="password" autoComplete="current-password" disabled />
          <Button type="submit" variant="contained" disabled>
            {t('signin.submit')}
          </Button>
          <Button component={Link} to="/home">
            {t('signin.continueAsGuest')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
