// The writing part of /settings: the matcher's leniency and when the expected stroke is shown.
// Each slider's value is shown beside its label (not only in a tooltip while dragging), and the
// ends' words sit under the track in a row of their own, so no two labels overlap in any language.
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useI18n } from '../../i18n/I18nContext';
import { SettingsSection } from '../settings/sections';
import { setWritingSettings, useWritingSettings } from './settings';

function SliderRow({ label, value, shown, min, max, step, marks, ends, onChange, testId }: {
  label: string;
  value: number;
  shown: string;
  min: number;
  max: number;
  step: number;
  marks?: boolean;
  ends?: [ReactNode, ReactNode];
  onChange: (v: number) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Typography id={id}>{label}</Typography>
        <Typography component="output" htmlFor={`${id}-slider`} aria-live="polite" data-testid={testId}
          sx={{ fontWeight: 600, minWidth: '3ch', textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}>
          {shown}
        </Typography>
      </Stack>
      <Slider id={`${id}-slider`} aria-labelledby={id} aria-valuetext={shown} min={min} max={max} step={step} marks={marks}
        value={value} onChange={(_, v) => onChange(v as number)} valueLabelDisplay="off" />
      {ends && (
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', mt: -1 }}>
          <Typography variant="caption" color="text.secondary">{ends[0]}</Typography>
          <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'end' }}>{ends[1]}</Typography>
        </Stack>
      )}
    </div>
  );
}

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
