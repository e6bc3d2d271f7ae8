// /admin/{languageCode}/characters: a language's characters, searchable, with whether they have
// stroke data (Hangul syllables are composed from the jamo).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { v7 as uuidv7 } from 'uuid';
import { contentLine } from '../../app/contentLine';
import { useCharactersOfLanguage } from '../../db/read/characters';
import { useI18n, useT } from '../../i18n/I18nContext';
import { LoadingState, PageHeader } from '../shared/components';
import { useAdminCrumbs } from '../admin/adminCrumbs';
import { useLanguageName } from '../../app/languages';


export function AdminCharactersPage() {
  const t = useT();
  const { formatNumber } = useI18n();
  const navigate = useNavigate();
  const { languageCode = '' } = useParams();
  const [query, setQuery] = useState('');
  const rows = useCharactersOfLanguage(languageCode);
  const crumbs = useAdminCrumbs(languageCode);
  const language = useLanguageName(languageCode);
  const shown = useMemo(
    () => (rows ?? []).filter((c) => (query === '' || c.value.includes(query.trim()))).sort((a, b) => a.value.localeCompare(b.value)),
    [rows, query],
  );
  if (rows === undefined) return <LoadingState />;
  const withData = shown.filter((c) => c.strokes.length > 0).length;
  return (
    <>
      <PageHeader
        title={t('charEditor.listTitle', { language })}
        crumbs={crumbs}
        subtitle={t('charEditor.listCount', { count: shown.length, withData: formatNumber(withData) })}
        actions={
          <Button variant="contained" onClick={() => navigate(`/admin/${languageCode}/characters/${uuidv7()}`)}>
            {t('charEditor.new')}
          </Button>
        }
      />
      {languageCode === 'ko' && <Alert severity="info" sx={{ mb: 2 }}>{t('charEditor.hangulComposed')}</Alert>}
      <TextField
        type="search"
        label={t('charEditor.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        sx={{ mb: 2, maxWidth: 320 }}
        fullWidth
      />
      <Paper variant="outlined">
        <List aria-label={t('admin.characters')} dense>
          {shown.slice(0, 500).map((c) => (
            <ListItem key={c.id} disablePadding divider>
              <ListItemButton component={Link} to={`/admin/${languageCode}/characters/${c.id}`}>
                <ListItemText
                  primary={c.value}
                  secondary={c.source}
                  slotProps={{ primary: { lang: languageCode, sx: { fontSize: '1.5rem' } }, secondary: contentLine() }}
                />
                <Chip
                  size="small"
                  color={c.strokes.length > 0 ? 'success' : 'default'}
                  label={c.strokes.length > 0 ? t('charEditor.strokeCount', { count: c.strokes.length }) : t('charEditor.noData')}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        {shown.length > 500 && (
          <Typography variant="body2" sx={{ p: 2 }}>
            {t('charEditor.narrow', { count: shown.length - 500 })}
          </Typography>
        )}
      </Paper>
    </>
  );
}
