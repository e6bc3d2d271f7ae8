// 'Failed loading locale ({code})' (SPEC §8), shown after falling back to en-US.
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useI18n } from '../i18n/I18nContext';

export default function LocaleFailureNotice() {
  const { failedLocale, dismissError, t } = useI18n();
  return (
    <Snackbar open={!!failedLocale} autoHideDuration={8000} onClose={dismissError}>
      <Alert severity="error" onClose={dismissError} variant="filled">
        {t('errors.localeLoad', { code: failedLocale ?? '' })}
      </Alert>
    </Snackbar>
  );
}
