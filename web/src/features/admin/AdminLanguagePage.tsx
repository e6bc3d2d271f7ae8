// /admin/{languageCode}: a language's dashboard (its counts, links to its decks, entries and
// characters, and its recent changes).
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link, useNavigate, useParams } from 'react-router';
import { useRecentChanges } from '../../db/read/changes';
import { useCountsOf, useLanguage } from '../../db/read/languages';
import { useI18n } from '../../i18n/I18nContext';
import { LoadingState, PageHeader } from '../shared/components';
import { useAdminCrumbs } from './adminCrumbs';
import { newEntryPath } from './entryForm';
import { languageLabel } from '../../app/languageName';
import { RECENT_LIMIT, RecentChanges } from './RecentChanges';

export function AdminLanguagePage() {
  const { t, formatNumber, locale } = useI18n();
  const { languageCode = '' } = useParams();
  const navigate = useNavigate();
  const language = useLanguage(languageCode);
  const crumbs = useAdminCrumbs(languageCode).slice(0, 1);
  const counts = useCountsOf(languageCode);
  const changes = useRecentChanges((code) => code === languageCode, RECENT_LIMIT, languageCode);
  if (language === undefined) return <LoadingState />;
  const links = [
    { to: 'decks', label: t('nav.decks'), count: counts?.decks },
    { to: 'entries', label: t('nav.entries'), count: counts?.entries },
    { to: 'characters', label: t('admin.characters'), count: counts?.characters },
  ];
  return (
    <>
      <PageHeader
        title={languageLabel(languageCode, locale, language ?? undefined)}
        crumbs={crumbs}
        subtitle={
          language
            ? t('admin.languageInfo', { code: language.id, grid: t(`admin.grid.${language.gridType}`), direction: language.rtl ? t('admin.rtl') : t('admin.ltr') })
            : t('missing.language')
        }
        actions={
          <>
            <Button variant="outlined" component={Link} to={`/admin/${languageCode}/decks?new=1`}>
              {t('admin.deck.new')}
            </Button>
            <Button variant="contained" onClick={() => void navigate(newEntryPath(languageCode))}>
              {t('admin.entry.new')}
            </Button>
          </>
        }
      />
      <Grid container spacing={2}>
        {links.map((l) => (
          <Grid key={l.to} size={{ xs: 12, sm: 4 }}>
            <Paper variant="outlined" component={Link} to={`/admin/${languageCode}/${l.to}`}
              sx={{ p: 2, display: 'block', textDecoration: 'none', color: 'inherit', '&:hover, &:focus-visible': { borderColor: 'primary.main' } }}>
              <Typography variant="overline" component="h2">{l.label}</Typography>
              <Typography variant="h4" component="p">{l.count === undefined ? '…' : formatNumber(l.count)}</Typography>
            </Paper>
          </Grid>
        ))}
      </Grid>
      <Typography variant="h6" component="h2" sx={{ mt: 4 }}>
        {t('admin.recent.title')}
      </Typography>
      <RecentChanges changes={changes} showLanguage={false} />
    </>
  );
}
