// The writing part of /settings: the matcher's leniency and when the expected stroke is shown.
import Stack from '@mui/material/Stack';
import { useI18n } from '../../i18n/I18nContext';
import { SliderRow } from '../shared/SliderRow';
import { SettingsSection } from '../settings/sections';
import { setWritingSettings, useWritingSettings } from './settings';

export function WritingSettingsSection() {
  const { t, locale } = useI18n();
  const settings = useWritingSettings();
  const oneDecimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const whole = new Intl.NumberFormat(locale);
  return (
    <SettingsSection id="settings-writing" title={t('writingSettings.title')}>
      <Stack spacing={3} sx={{ maxWidth: 420 }}>
        <SliderRow label={t('writingSettings.leniency')} testId="writing-leniency" value={settings.leniency}
          shown={oneDecimal.format(settings.leniency)} min={0.5} max={2} step={0.1}
          ends={[t('writingSettings.strict'), t('writingSettings.lenient')]}
          onChange={(leniency) => setWritingSettings({ leniency })} />
        <SliderRow label={t('writingSettings.missesBeforeHint')} testId="writing-misses" value={settings.missesBeforeHint}
          shown={whole.format(settings.missesBeforeHint)} min={1} max={9} step={1} marks
          onChange={(missesBeforeHint) => setWritingSettings({ missesBeforeHint })} />
      </Stack>
    </SettingsSection>
  );
}
