// /admin (the languages the caller curates, with counts and recent changes) and
// /admin/{languageCode} (that language's dashboard).
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link, useNavigate, useParams } from 'react-router';
import { db } from '../../db/db';
import { useI18n } from '../../i18n/I18nContext';
import { EmptyState, LoadingState, PageHeader } from '../shared/components';
import { curatesLanguage, useAdminAccess } from './access';
import { newEntryPath } from './entryForm';
import { RECENT_LIMIT, RecentChanges, adminCrumbs, countsOf, languageLabel, recentChanges, useLanguage } from './shared';
import { compareKeys } from '../../db/order';

export function AdminHomePage() {
  const { t, formatNumber } = useI18n();
  const access = useAdminAccess(undefined);
  const allowed = access.status === 'allowed' ? access.access : undefined;
  const shown = (code: string) => !!allowed && curatesLanguage(allowed, code);
  const key = allowed ? `${allowed.role}:${allowed.languages.join(',')}` : '';
  const rows = useLiveQuery(async () => {
    const languages = (await db.languages.toArray()).filter((l) => !l.deleted && shown(l.id)).sort((a, b) => compareKeys(a.id, b.id));
    return Promise.all(languages.map(async (language) => ({ language, counts: await countsOf(language.id) })));
    // `key` stands for the access the filter closes over.
  }, [key]);
  const changes = useLiveQuery(() => recentChanges(shown, RECENT_LIMIT), [key]);
  return (
    <>
      <PageHeader title={t('admin.languages')} subtitle={t('admin.languagesHelp')} />
      {rows === undefined ? (
        <LoadingState />
      ) : rows.length === 0 ? (
        <EmptyState>{t('admin.noLanguages')}</EmptyState>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={t('admin.languages')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('admin.field.language')}</TableCell>
                <TableCell>{t('admin.field.code')}</TableCell>
                <TableCell align="right">{t('nav.decks')}</TableCell>
                <TableCell align="right">{t('nav.entries')}</TableCell>
                <TableCell align="right">{t('admin.characters')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(({ language, counts }) => (
                <TableRow key={language.id} hover>
                  <TableCell>
                    <MuiLink component={Link} to={`/admin/${language.id}`}>
                      {languageLabel(language, language.id)}
                    </MuiLink>
                  </TableCell>
                  <TableCell>{language.id}</TableCell>
                  <TableCell align="right">{formatNumber(counts.decks)}</TableCell>
                  <TableCell align="right">{formatNumber(counts.entries)}</TableCell>
                  <TableCell align="right">{formatNumber(counts.characters)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Typography variant="h6" component="h2" sx={{ mt: 4 }}>
        {t('admin.recent.title')}
      </Typography>
      <RecentChanges changes={changes} showLanguage />
    </>
  );
}

export function AdminLanguagePage() {
  const { t, formatNumber } = useI18n();
  const { languageCode = '' } = useParams();
  const navigate = useNavigate();
  const language = useLanguage(languageCode);
  const counts = useLiveQuery(() => countsOf(languageCode), [languageCode]);
  const changes = useLiveQuery(() => recentChanges((code) => code === languageCode, RECENT_LIMIT), [languageCode]);
  if (language === undefined) return <LoadingState />;
  const links = [
    { to: 'decks', label: t('nav.decks'), count: counts?.decks },
    { to: 'entries', label: t('nav.entries'), count: counts?.entries },
    { to: 'characters', label: t('admin.characters'), count: counts?.characters },
  ];
  return (
    <>
      <PageHeader
        title={languageLabel(language, languageCode)}
        crumbs={adminCrumbs(t, languageCode).slice(0, 1)}
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
