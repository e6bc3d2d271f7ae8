// The full-page error (loaded on demand): 404 reads 'Page Not Found', anything else 'Internal
// Server Error'; the status defaults to 500.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { HttpError, errorStatus } from '../../app/errors';
import { useI18n } from '../../i18n/I18nContext';

export function ErrorView({ error, fullPage = true }: { error: unknown; fullPage?: boolean }) {
  const { t } = useI18n();
  const status = errorStatus(error);
  const title = status === 404 ? t('errors.notFoundTitle') : t('errors.serverErrorTitle');
  const path = error instanceof HttpError ? error.path : undefined;
  let message: string;
  if (error instanceof HttpError && status === 404 && path !== undefined) {
    message = error.fatal ? t('errors.pageNotFoundFull', { path }) : t('errors.pageNotFound', { path });
  } else if (status === 404) {
    message = t('errors.notFoundTitle');
  } else {
    message = t('errors.unexpected');
  }
  const detail = status !== 404 && error instanceof Error && import.meta.env.DEV ? error.stack ?? error.message : undefined;
  useEffect(() => {
    if (fullPage) document.title = `${status} · ${title}`;
  }, [fullPage, status, title]);
  return (
    <Container component={fullPage ? "main" : "div"} sx={{ py: fullPage ? 10 : 4, textAlign: "center" }}>
      <Typography variant="h1" component="p" color="primary" sx={{ fontWeight: 700, fontSize: { xs: 72, md: 120 } }} aria-hidden>
        {status}
      </Typography>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4, wordBreak: 'break-word' }} data-error-message>
        {message}
      </Typography>
      {detail && (
        <Box component="pre" sx={{ textAlign: 'start', overflow: 'auto', p: 2, bgcolor: 'action.hover', fontSize: 12, mb: 4 }}>
          {detail}
        </Box>
      )}
      <Button variant="contained" href="/home">
        {t('errors.goHome')}
      </Button>
    </Container>
  );
}

export default function ErrorPage({ error }: { error: unknown }) {
  return <ErrorView error={error} />;
}
