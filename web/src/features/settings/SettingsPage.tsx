// /settings: account, theme, locale, language, writing, the languages on this device and local
// data, one section each; then where the data comes from (/about).
import Stack from '@mui/material/Stack';
import { AboutSection } from '../about/AboutSection';
import { AccountSection } from '../auth/AccountSection';
import { WritingSettingsSection } from '../writing/WritingSettingsSection';
import { useT } from '../../i18n/I18nContext';
import { PageHeader } from '../shared/components';
import { DataSection, LanguageSection, LocaleSection, SettingsSection, ThemeSection } from './sections';
import { LanguagesSection } from './LanguagesSection';

export function SettingsPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('settings.title')} />
      <Stack spacing={2}>
        <SettingsSection id="account" title={t('auth.account')}>
          <AccountSection />
        </SettingsSection>
        <ThemeSection />
        <LocaleSection />
        <LanguageSection />
        <WritingSettingsSection />
        <LanguagesSection />
        <DataSection />
        <AboutSection />
      </Stack>
    </>
  );
}
