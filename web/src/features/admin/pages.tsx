// The admin area (read-only for now): languages with counts, a language's overview, its decks,
// entries and characters, and each row's fields.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import MuiLink from '@mui/material/Link';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link, useParams } from 'react-router';
import type { Character, Language } from '../../api/generated/types';
import { db } from '../../db/db';
import { useI18n, useT } from '../../i18n/I18nContext';
import { DeckList } from '../decks/DeckList';
import { EntryBrowser } from '../entries/pages';
import { EmptyState, LoadingState, MissingState, PageHeader } from '../shared/components';
import { useDeck, useDecksOfLanguage, useEntry } from '../shared/hooks';

interface LanguageCounts {
  decks: number;
  entries: number;
  characters: number;
}

/**
 * Rows per table of a language. Entries and characters (tens of thousands) are counted on the
 * index alone, which is instant but includes tombstones (rare); decks are few and counted exactly.
 */
async function countsOf(code: string): Promise<LanguageCounts> {
  const [decks, entries, characters] = await Promise.all([
    db.decks.where('languageCode').equals(code).filter((r) => !r.deleted).count(),
    db.entries.where('languageCode').equals(code).count(),
    db.characters.where('languageCode').equals(code).count(),
  ]);
  return { decks, entries, characters };
}

function useLanguage(code: string | undefined) {
  return useLiveQuery(async () => {
    if (!code) return null;
    const row = await db.languages.get(code);
    return row && !row.deleted ? row : null;
  }, [code]);
}

function languageLabel(language: Language | null | undefined, code: string): string {
  if (!language) return code;
  return language.nativeName && language.nativeName !== language.name ? `${language.name} · ${language.nativeName}` : language.name;
}

export function AdminHomePage() {
  const { t, formatNumber } = useI18n();
  const rows = useLiveQuery(async () => {
    const languages = (await db.languages.toArray()).filter((l) => !l.deleted).sort((a, b) => a.id.localeCompare(b.id));
    return Promise.all(languages.map(async (language) => ({ language, counts: await countsOf(language.id) })));
  }, []);
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
    </>
  );
}

export function AdminLanguagePage() {
  const { t, formatNumber } = useI18n();
  const { languageCode = '' } = useParams();
  const language = useLanguage(languageCode);
  const counts = useLiveQuery(() => countsOf(languageCode), [languageCode]);
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
        crumbs={[{ to: '/admin', label: t('admin.languages') }]}
        subtitle={
          language
            ? t('admin.languageInfo', { code: language.id, grid: t(`admin.grid.${language.gridType}`), direction: language.rtl ? t('admin.rtl') : t('admin.ltr') })
            : t('missing.language')
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
    </>
  );
}

export function AdminDecksPage() {
  const t = useT();
  const { languageCode = '' } = useParams();
  const decks = useDecksOfLanguage(languageCode);
  return (
    <>
      <PageHeader
        title={t('admin.decksOf', { code: languageCode })}
        crumbs={[{ to: '/admin', label: t('admin.languages') }, { to: `/admin/${languageCode}`, label: languageCode }]}
        subtitle={decks ? t('decks.count', { count: decks.length, language: languageCode }) : undefined}
      />
      {decks === undefined ? <LoadingState /> : decks.length === 0 ? <EmptyState>{t('decks.empty')}</EmptyState> : <DeckList decks={decks} linkBase={`/admin/${languageCode}/decks`} />}
    </>
  );
}

export function AdminEntriesPage() {
  const t = useT();
  const { languageCode = '' } = useParams();
  return (
    <>
      <PageHeader
        title={t('admin.entriesOf', { code: languageCode })}
        crumbs={[{ to: '/admin', label: t('admin.languages') }, { to: `/admin/${languageCode}`, label: languageCode }]}
      />
      <EntryBrowser languageCode={languageCode} linkBase={`/admin/${languageCode}/entries`} />
    </>
  );
}

const CHARACTER_LIMIT = 200;

export function AdminCharactersPage() {
  const t = useT();
  const { languageCode = '' } = useParams();
  const [query, setQuery] = useState('');
  const search = query.trim();
  const data = useLiveQuery(async () => {
    const total = await db.characters.where('languageCode').equals(languageCode).count();
    const all = db.characters.where('languageCode').equals(languageCode).filter((c) => !c.deleted);
    const rows = await all.filter((c) => !search || search.includes(c.value) || c.value.includes(search)).limit(CHARACTER_LIMIT).toArray();
    rows.sort((a, b) => a.value.localeCompare(b.value));
    return { total, rows };
  }, [languageCode, search]);
  return (
    <>
      <PageHeader
        title={t('admin.charactersOf', { code: languageCode })}
        crumbs={[{ to: '/admin', label: t('admin.languages') }, { to: `/admin/${languageCode}`, label: languageCode }]}
        subtitle={data ? t('admin.characterCount', { count: data.total }) : undefined}
      />
      <TextField type="search" label={t('admin.characterSearch')} value={query} onChange={(e) => setQuery(e.target.value)} sx={{ mb: 2 }} />
      {data === undefined ? (
        <LoadingState />
      ) : data.rows.length === 0 ? (
        <EmptyState>{t('admin.noCharacters')}</EmptyState>
      ) : (
        <>
          <Box component="ul" aria-label={t('admin.characters')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {data.rows.map((c) => (
              <li key={c.id}>
                <Chip label={c.value} lang={languageCode} component={Link} to={`/admin/${languageCode}/characters/${c.id}`} clickable
                  aria-label={t('admin.characterChip', { value: c.value, count: c.strokes.length })}
                  sx={{ fontSize: 20, height: 44, minWidth: 44 }} />
              </li>
            ))}
          </Box>
          {data.total > data.rows.length && !search && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {t('list.showingFirst', { shown: data.rows.length, count: data.total })}
            </Typography>
          )}
        </>
      )}
    </>
  );
}

/** Read-only field table of a row. */
function FieldTable({ fields }: { fields: [string, unknown][] }) {
  const t = useT();
  const { formatDateTime } = useI18n();
  const show = (name: string, value: unknown): string => {
    if (name === 'updatedAt' && typeof value === 'number') return `${formatDateTime(value)} (${value})`;
    if (typeof value === 'boolean') return value ? t('admin.yes') : t('admin.no');
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    if (value === undefined || value === null) return '—';
    return JSON.stringify(value, null, 2);
  };
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={t('admin.fields')} size="small">
        <TableBody>
          {fields.map(([name, value]) => (
            <TableRow key={name}>
              <TableCell component="th" scope="row" sx={{ width: 180, verticalAlign: 'top', fontFamily: 'monospace' }}>
                {name}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: typeof value === 'object' ? 'monospace' : undefined }}>
                {show(name, value)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function adminCrumbs(t: ReturnType<typeof useT>, code: string, section: 'decks' | 'entries' | 'characters') {
  const label = section === 'decks' ? t('nav.decks') : section === 'entries' ? t('nav.entries') : t('admin.characters');
  return [
    { to: '/admin', label: t('admin.languages') },
    { to: `/admin/${code}`, label: code },
    { to: `/admin/${code}/${section}`, label },
  ];
}

export function AdminDeckPage() {
  const t = useT();
  const { languageCode = '', deckId } = useParams();
  const deck = useDeck(deckId);
  const entries = useLiveQuery(async () => (deck ? await db.entries.bulkGet(deck.entryIds) : []), [deck]);
  if (deck === undefined) return <LoadingState />;
  if (deck === null) return <MissingState kind="deck" />;
  const { entryIds, ...rest } = deck;
  return (
    <>
      <PageHeader title={deck.title} lang={deck.languageCode} crumbs={adminCrumbs(t, languageCode, 'decks')} />
      <FieldTable fields={Object.entries(rest)} />
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        {t('admin.deckEntries', { count: entryIds.length })}
      </Typography>
      <List dense>
        {entryIds.map((id, i) => (
          <ListItem key={id} disablePadding divider>
            <ListItemButton component={Link} to={`/admin/${languageCode}/entries/${id}`}>
              <ListItemText primary={entries?.[i]?.text ?? id} secondary={id} slotProps={{ primary: { lang: deck.languageCode } }} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </>
  );
}

export function AdminEntryPage() {
  const t = useT();
  const { languageCode = '', entryId } = useParams();
  const entry = useEntry(entryId);
  if (entry === undefined) return <LoadingState />;
  if (entry === null) return <MissingState kind="entry" />;
  return (
    <>
      <PageHeader title={entry.text} lang={entry.languageCode} crumbs={adminCrumbs(t, languageCode, 'entries')} />
      <FieldTable fields={Object.entries(entry)} />
    </>
  );
}

function StrokePreview({ character }: { character: Character }) {
  const t = useT();
  return (
    <Box
      component="svg"
      viewBox="0 0 1024 1024"
      role="img"
      aria-label={t('admin.strokePreview', { value: character.value, count: character.strokes.length })}
      sx={{ width: 240, height: 240, bgcolor: 'canvas.background', border: 2, borderColor: 'canvas.border', borderRadius: 1 }}
    >
      {character.strokes.map((s, i) => (
        <Box component="path" key={i} d={s.path} sx={{ fill: (theme) => theme.palette.canvas.character }} />
      ))}
    </Box>
  );
}

export function AdminCharacterPage() {
  const t = useT();
  const { languageCode = '', characterId } = useParams();
  const character = useLiveQuery(async () => {
    if (!characterId) return null;
    const row = await db.characters.get(characterId);
    return row && !row.deleted ? row : null;
  }, [characterId]);
  if (character === undefined) return <LoadingState />;
  if (character === null) return <MissingState kind="character" />;
  const { strokes, ...rest } = character;
  return (
    <>
      <PageHeader title={character.value} lang={character.languageCode} crumbs={adminCrumbs(t, languageCode, 'characters')} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <StrokePreview character={character} />
        <Box sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
          <FieldTable fields={[...Object.entries(rest), ['strokes', t('admin.strokeCount', { count: strokes.length })]]} />
        </Box>
      </Stack>
    </>
  );
}
