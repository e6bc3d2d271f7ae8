// The writing part of /settings: the matcher's leniency and when the expected stroke is shown.
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n/I18nContext';
import { SettingsSection } from '../settings/sections';
import { setWritingSettings, useWritingSettings } from './settings';

export function WritingSettingsSection() {
  const t = useT();
  const settings = useWritingSettings();
  return (
    <SettingsSection id="settings-writing" title={t('writingSettings.title')}>
      {/* The marks' labels are centred on the track's ends: the padding keeps them in the card. */}
      <Stack spacing={3} sx={{ maxWidth: 420, px: 3 }}>
        <div>
          <Typography id="writing-leniency" gutterBottom>
            {t('writingSettings.leniency')}
          </Typography>
          <Slider
            aria-labelledby="writing-leniency"
            min={0.5}
            max={2}
            step={0.1}
            value={settings.leniency}
            onChange={(_, v) => setWritingSettings({ leniency: v as number })}
            marks={[
              { value: 0.5, label: t('writingSettings.strict') },
              { value: 2, label: t('writingSettings.lenient') },
            ]}
            valueLabelDisplay="auto"
          />
        </div>
        <div>
          <Typography id="writing-misses" gutterBottom>
            {t('writingSettings.missesBeforeHint')}
          </Typography>
          <Slider
            aria-labelledby="writing-misses"
            min={1}
            max={9}
            step={1}
            marks
            value={settings.missesBeforeHint}
            onChange={(_, v) => setWritingSettings({ missesBeforeHint: v as number })}
            valueLabelDisplay="auto"
          />
        </div>
      </Stack>
    </SettingsSection>
  );
}
