// What a list of one language shows while that language is not on the device (db/languages.ts:
// being added, waiting to be online, or not studied here), instead of "none": a first visit's
// language, or one just chosen, comes in page by page while the app stays usable.
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLanguageName } from '../../app/languages';
import type { LanguageDownload } from '../../db/read/firstSync';
import { useT } from '../../i18n/I18nContext';

export function LanguageDownloading({ code, state }: { code: string; state: Exclude<LanguageDownload, 'ready'> }) {
  const t = useT();
  const language = useLanguageName(code);
  return (
    <Stack role="status" aria-live="polite" spacing={2} sx={{ alignItems: 'center', py: 4 }} data-language-download={state}>
      {state === 'downloading' && <CircularProgress size={28} aria-hidden />}
      <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
        {t(`languageDownload.${state}`, { language })}
      </Typography>
    </Stack>
  );
}
