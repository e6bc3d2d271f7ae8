// /admin/{languageCode}/entries: a language's entries (virtualised for 50,000 rows, first rows
// read before the first render), search, filters (in no deck, without reading, without stroke
// data), a selection and bulk edits of it (add to a deck, remove from a deck, delete), each undoable.
import { useMemo, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link, useNavigate, useParams } from 'react-router';
import { contentLine } from '../../app/contentLine';
import type { Deck, Entry } from '../../api/generated/types';
import { saveDeck, saveEntry } from '../../db/mutations';
import { useT } from '../../i18n/I18nContext';
import { ENTRY_ROW_HEIGHT } from '../entries/EntryBrowser';
import { useEntryRows } from '../../db/read/entries';
import { useValuesWithStrokes } from '../../db/read/characters';
import { EmptyState, LoadingState, PageHeader } from '../shared/components';
import { ALL_LANGUAGES, filterRows, haystack } from '../shared/filter';
import { readDeck, useDecksOfLanguage } from '../../db/read/decks';
import { EntryLabel } from '../shared/EntryLabel';
import { ListToolbar, VirtualList, useSearch } from '../shared/lists';
import { newEntryPath } from './entryForm';
import {
  NO_FILTERS,
  addToDeck,
  anyFilter,
  entriesInDecks,
  filterEntries,
  missingStrokesChecker,
  removeFromDeck,
  type EntryFilters,
} from './entryFilters';
import { adminCrumbs } from './adminCrumbs';

type BulkKind = 'add' | 'remove' | 'delete';

/** What the last bulk edit changed, to put back on undo. */
type Undo = { kind: 'deck'; deck: Deck } | { kind: 'entries'; entries: Entry[] };

export function AdminEntriesPage() {
  const t = useT();
  const navigate = useNavigate();
  const { languageCode = '' } = useParams();
  const { query, setQuery, deferred } = useSearch();
  const [filters, setFilters] = useState<EntryFilters>(NO_FILTERS);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const data = useEntryRows(languageCode);
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
        title={t('admin.entriesOf', { code: languageCode })}
        crumbs={adminCrumbs(t, languageCode)}
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
          {!data || !shown
            ? t('loading.label')
            : filtering
              ? data.complete
                ? t('entries.matches', { count: shown.length })
                : t('loading.label')
              : data.complete
                ? t('entries.count', { count: shown.length })
                : t('lists.loadingMore')}
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

/** The bulk edits of a selection, with progress, a result and its undo. */
function BulkBar({ languageCode, selectedRows, count, onClear, onDeleted }: {
  languageCode: string;
  selectedRows: () => Entry[];
  count: number;
  onClear: () => void;
  onDeleted: () => void;
}) {
  const t = useT();
  const decks = useDecksOfLanguage(languageCode);
  const [dialog, setDialog] = useState<BulkKind | null>(null);
  const [deckId, setDeckId] = useState('');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<{ message: string; undo: Undo | null } | null>(null);

  /** Writes rows one by one (each its own local transaction and outbox item), showing progress. */
  const saveAll = async (rows: Entry[], deleted: boolean) => {
    setProgress({ done: 0, total: rows.length });
    for (let i = 0; i < rows.length; i++) {
      await saveEntry({ ...rows[i]!, deleted });
      if (i % 25 === 24) setProgress({ done: i + 1, total: rows.length });
    }
    setProgress(null);
  };

  const run = async () => {
    const kind = dialog;
    setDialog(null);
    if (!kind) return;
    const rows = selectedRows();
    if (kind === 'delete') {
      await saveAll(rows, true);
      setResult({ message: t('admin.bulk.deleted', { count: rows.length }), undo: { kind: 'entries', entries: rows } });
      onDeleted();
      return;
    }
    const deck = await readDeck(deckId);
    if (!deck) return;
    if (kind === 'add') {
      const r = addToDeck(deck.entryIds, rows.map((e) => e.id));
      if (r.added > 0) await saveDeck({ ...deck, entryIds: r.entryIds });
      const message = t('admin.bulk.added', { count: r.added, deck: deck.title }) + (r.skipped > 0 ? ` ${t('admin.bulk.skipped', { count: r.skipped })}` : '');
      setResult({ message, undo: r.added > 0 ? { kind: 'deck', deck } : null });
    } else {
      const r = removeFromDeck(deck.entryIds, new Set(rows.map((e) => e.id)));
      if (r.removed > 0) await saveDeck({ ...deck, entryIds: r.entryIds });
      setResult({ message: t('admin.bulk.removed', { count: r.removed, deck: deck.title }), undo: r.removed > 0 ? { kind: 'deck', deck } : null });
    }
  };

  const undo = async (u: Undo) => {
    setResult(null);
    if (u.kind === 'deck') await saveDeck({ ...u.deck, deleted: false });
    else await saveAll(u.entries, false);
    setResult({ message: t('admin.undone'), undo: null });
  };

  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 2, position: 'sticky', top: 64, zIndex: 2 }} role="region" aria-label={t('admin.bulk.title')}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography sx={{ marginInlineEnd: 1 }}>{t('admin.bulk.selected', { count })}</Typography>
        <Button size="small" variant="outlined" onClick={() => setDialog('add')} disabled={!!progress}>
          {t('admin.bulk.add')}
        </Button>
        <Button size="small" variant="outlined" onClick={() => setDialog('remove')} disabled={!!progress}>
          {t('admin.bulk.remove')}
        </Button>
        <Button size="small" variant="outlined" color="error" onClick={() => setDialog('delete')} disabled={!!progress}>
          {t('admin.bulk.delete')}
        </Button>
        <Button size="small" onClick={onClear} disabled={!!progress}>
          {t('admin.bulk.clear')}
        </Button>
      </Stack>
      {progress && (
        <LinearProgress variant="determinate" value={(100 * progress.done) / Math.max(1, progress.total)} sx={{ mt: 1 }} aria-label={t('admin.bulk.progress', { done: progress.done, count: progress.total })} />
      )}
      {result && (
        <Alert
          severity="success"
          sx={{ mt: 1 }}
          onClose={() => setResult(null)}
          action={result.undo ? <Button color="inherit" size="small" onClick={() => void undo(result.undo!)}>{t('admin.undo')}</Button> : undefined}
        >
          {result.message}
        </Alert>
      )}
      <Dialog open={dialog !== null} onClose={() => setDialog(null)} fullWidth maxWidth="xs">
        <DialogTitle>{dialog === 'add' ? t('admin.bulk.add') : dialog === 'remove' ? t('admin.bulk.remove') : t('admin.bulk.delete')}</DialogTitle>
        <DialogContent>
          {dialog === 'delete' ? (
            <DialogContentText>{t('admin.bulk.deleteText', { count })}</DialogContentText>
          ) : (
            <TextField select fullWidth label={t('admin.bulk.deck')} value={deckId} onChange={(e) => setDeckId(e.target.value)} sx={{ mt: 1 }}>
              {(decks ?? []).map((d) => (
                <MenuItem key={d.id} value={d.id}>
                  {d.title}
                </MenuItem>
              ))}
            </TextField>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>{t('admin.cancel')}</Button>
          <Button onClick={() => void run()} disabled={dialog !== 'delete' && !deckId} color={dialog === 'delete' ? 'error' : 'primary'}>
            {t('admin.bulk.apply')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
