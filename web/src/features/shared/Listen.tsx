// The Listen button and the one notice shown when an entry cannot be heard on this device (no
// recording, and no voice for its language or no speech at all): one wording on every page.
import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import VolumeUpOutlined from '@mui/icons-material/VolumeUpOutlined';
import { useI18n } from '../../i18n/I18nContext';
import { languageName } from '../../app/languageName';
import type { useListen } from './speech';

type Listen = ReturnType<typeof useListen>;

/** Plays the entry (its recording, or the device's voice); absent when neither exists, since a
 * button that can never work is a dead end. */
export function ListenButton({ listen, ...props }: { listen: Listen } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useI18n();
  if (listen.source === 'none') return null;
  return (
    <Button variant="outlined" startIcon={<VolumeUpOutlined />} onClick={listen.listen}
      disabled={listen.source === 'waiting'} aria-pressed={listen.playing} data-source={listen.source} {...props}>
      {t('speech.listen')}
    </Button>
  );
}

/** Why the entry cannot be heard, once per page; nothing when it can. */
export function ListenNotice({ listen, languageCode, sx }: { listen: Listen; languageCode: string; sx?: ButtonProps['sx'] }) {
  const { t, locale } = useI18n();
  if (!listen.notice) return null;
  return (
    <Alert severity="info" role="status" data-testid="no-voice" sx={{ textAlign: 'start', ...sx }}>
      {listen.notice === 'noVoice' ? t('speech.noVoice', { language: languageName(languageCode, locale) }) : t('speech.noSpeech')}
    </Alert>
  );
}
