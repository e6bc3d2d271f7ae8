// /admin/{languageCode}/entries: a language's entries (virtualised for 50,000 rows, first rows
// read before the first render), search, filters (in no deck, without reading, without stroke
// data), a selection and bulk edits of it (add to a deck, remove from a deck, delete), each undoable.
import { useMemo, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link, useNavigate, useParams } from 'react-router';
import { contentLine } from '../../app/contentLine';
import type { Entry } from '../../api/generated/types';
import { useT } from '../../i18n/I18nContext';
import { useEntryRows } from '../../db/read/entryList';
import { useValuesWithStrokes } from '../../db/read/characters';
import { EmptyState, LoadingState, PageHeader } from '../shared/components';
import { ALL_LANGUAGES, entryListStatus, filterRows, haystack, statusText } from '../shared/filter';
import { useDecksOfLanguage } from '../../db/read/decks';
import { EntryLabel } from '../shared/EntryLabel';
import { ENTRY_ROW_HEIGHT, ListToolbar, VirtualList, useSearch } from '../shared/lists';
import { newEntryPath } from './entryForm';
import { NO_FILTERS, anyFilter, entriesInDecks, filterEntries, missingStrokesChecker, type EntryFilters } from './entryFilters';
import { useAdminCrumbs } from './adminCrumbs';
import { useLanguageName } from '../../app/languages';
import { BulkBar } from './BulkBar';

export function AdminEntriesPage() {
  const t = useT();
  const navigate = useNavigate();
  const { languageCode = '' } = useParams();
  const { query, setQuery, deferred } = useSearch();
  const [filters, setFilters] = useState<EntryFilters>(NO_FILTERS);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const data = useEntryRows(languageCode);
  const language = useLanguageName(languageCode);
  const crumbs = useAdminCrumbs(languageCode);
  const rows = data?.rows;

  // Each filter's data is read only once it is turned on.
  const filterDecks = useDecksOfLanguage(filters.noDeck ? languageCode : undefined);
  const inDecks = useMemo(() => (filterDecks ? entriesInDecks(filterDecks) : undefined), [filterDecks]);
  const withStrokes = useValuesWithStrokes(languageCode, filters.noCharacters);
  const missingStrokes = useMemo(() => (withStrokes ? missingStrokesChecker(withStrokes) : undefined), [withStrokes]);

  const searching = deferred.trim() !== '';
  const hays = useMemo(() => (rows && searching ? rows.map((e) => haystack([e.text, e.reading, e.meanings, e.notes])) : undefined), [rows, searching]);
  const shown = useMemo(() => {
    if (!rows) return undefined;
    const matched = hays ? filterRows(rows, hays, deferred, ALL_LANGUAGES) : rows;
    return filterEntries(matched, filters, { inDecks, missingStrokes });
  }, [rows, hays, deferred, filters, inDecks, missingStrokes]);
  const filtering = searching || anyFilter(filters);
  const allShownSelected = !!shown && shown.length > 0 && shown.every((e) => selected.has(e.id));

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleFilter = (name: keyof EntryFilters) => setFilters((f) => ({ ...f, [name]: !f[name] }));
  const selectedRows = () => (rows ?? []).filter((e) => selected.has(e.id));

  return (
    <>
      <PageHeader
        title={t('admin.entriesOf', { language })}
        crumbs={crumbs}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => void navigate(newEntryPath(languageCode))}>
            {t('admin.entry.new')}
          </Button>
        }
      />
      <ListToolbar
        query={query}
        onQuery={setQuery}
        language={languageCode}
        onLanguage={() => undefined}
        hideLanguage
        searchLabel={t('entries.search')}
        placeholder={t('entries.searchPlaceholder')}
      />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mb: 2 }} role="group" aria-label={t('admin.entries.filters')}>
        {(['noDeck', 'noReading', 'noCharacters'] as const).map((name) => (
          <Chip
            key={name}
            label={t(`admin.entries.filter.${name}`)}
            color={filters[name] ? 'primary' : 'default'}
            variant={filters[name] ? 'filled' : 'outlined'}
            onClick={() => toggleFilter(name)}
            aria-pressed={filters[name]}
            component="button"
          />
        ))}
      </Stack>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={allShownSelected}
              indeterminate={!allShownSelected && selected.size > 0}
              disabled={!shown || shown.length === 0}
              onChange={() => setSelected(allShownSelected ? new Set() : new Set([...selected, ...(shown ?? []).map((e) => e.id)]))}
            />
          }
          label={t('admin.entries.selectAll')}
        />
        <Typography variant="body2" color="text.secondary" role="status" aria-live="polite">
          {statusText(t, entryListStatus(shown, data?.complete, filtering))}
        </Typography>
      </Stack>
      {selected.size > 0 && (
        <BulkBar languageCode={languageCode} selectedRows={selectedRows} count={selected.size} onClear={() => setSelected(new Set())} onDeleted={() => setSelected(new Set())} />
      )}
      {!shown ? (
        <LoadingState />
      ) : shown.length === 0 ? (
        <EmptyState>{filtering ? t('entries.noMatches') : t('entries.empty')}</EmptyState>
      ) : (
        <VirtualList
          count={shown.length}
          rowHeight={ENTRY_ROW_HEIGHT}
          label={t('entries.listLabel')}
          getKey={(i) => shown[i]!.id}
          row={(i) => <AdminEntryRow entry={shown[i]!} to={`/admin/${languageCode}/entries/${shown[i]!.id}`} checked={selected.has(shown[i]!.id)} onToggle={toggle} />}
        />
      )}
    </>
  );
}

function AdminEntryRow({ entry, to, checked, onToggle }: { entry: Entry; to: string; checked: boolean; onToggle: (id: string) => void }) {
  const t = useT();
  return (
    <>
      <Checkbox
        checked={checked}
        onChange={() => onToggle(entry.id)}
        slotProps={{ input: { 'aria-label': t('admin.entries.select', { text: entry.text }) } }}
        sx={{ alignSelf: 'center' }}
      />
      <ListItemButton component={Link} to={to} divider sx={{ height: '100%', minWidth: 0 }}>
        <ListItemText
          primary={<EntryLabel entry={entry} />}
          secondary={entry.meanings.join('; ')}
          slotProps={{ primary: contentLine(entry.languageCode), secondary: contentLine() }}
        />
      </ListItemButton>
    </>
  );
}
