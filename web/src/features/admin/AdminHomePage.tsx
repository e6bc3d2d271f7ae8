// /admin: the languages the caller curates, with the server's counts of each, and the recent
// changes.
import Alert from '@mui/material/Alert';
import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useRecentChanges } from '../../db/read/changes';
import { useI18n } from '../../i18n/I18nContext';
import { EmptyState, LoadingState, PageHeader } from '../shared/components';
import { curatesLanguage, useAdminAccess } from './access';
import { byName, languageLabel } from '../../app/languageName';
import { RECENT_LIMIT, RecentChanges } from './RecentChanges';
import { useLanguagesWithServerCounts } from './serverCounts';

export function AdminHomePage() {
  const { t, formatNumber, locale } = useI18n();
  const access = useAdminAccess(undefined);
  const allowed = access.status === 'allowed' ? access.access : undefined;
  const shown = (code: string) => !!allowed && curatesLanguage(allowed, code);
  const key = allowed ? `${allowed.role}:${allowed.languages.join(',')}` : '';
  // `key` stands for the access `shown` closes over.
  const listed = useLanguagesWithServerCounts(shown, key);
  const rows = listed?.rows;
  const changes = useRecentChanges(shown, RECENT_LIMIT, key);
  return (
    <>
      <PageHeader title={t('admin.languages')} subtitle={t('admin.languagesHelp')} />
      {listed?.unreachable && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('admin.countsUnreachable')}
        </Alert>
      )}
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
              {byName(rows.map(({ language, counts }) => ({ ...language, counts })), locale).map(({ counts, ...language }) => (
                <TableRow key={language.id} hover>
                  <TableCell>
                    <MuiLink component={Link} to={`/admin/${language.id}`}>
                      {languageLabel(language.id, locale, language)}
                    </MuiLink>
                  </TableCell>
                  <TableCell>{language.id}</TableCell>
                  <TableCell align="right">{counts ? formatNumber(counts.decks) : '—'}</TableCell>
                  <TableCell align="right">{counts ? formatNumber(counts.entries) : '—'}</TableCell>
                  <TableCell align="right">{counts ? formatNumber(counts.characters) : '—'}</TableCell>
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
