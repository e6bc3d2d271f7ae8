// /admin/{languageCode}/decks/{deckId}: a deck's title and description, its entries reordered by
// drag (pointer, touch, or keyboard through the handle) or by the move buttons, entries added by
// search and removed, the deck deleted; every change is one saveDeck, and undo saves back the
// version before it.
//
// Drag and drop: @dnd-kit (core + sortable), maintained, headless, with a keyboard sensor and
// screen-reader announcements; it loads with the admin pages only. Rows are shown ENTRY_ROWS_STEP
// at a time ("Show more"), not all: a deck may hold 10,000 (an import makes thousands), and every
// sortable row registers with dnd-kit as it mounts: 3,000 of them froze the page for 20-30 s.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlineOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link, useNavigate, useParams } from 'react-router';
import type { Deck, Entry } from '../../api/generated/types';
import { saveDeck } from '../../db/mutations';
import { useT } from '../../i18n/I18nContext';
import { LoadingState, MissingState, PageHeader } from '../shared/components';
import { haystack, normalizeSearch } from '../shared/filter';
import { useDeck } from '../../db/read/decks';
import { useEntriesById, useEntriesMatching } from '../../db/read/entries';
import { moveEntry, popVersion, pushVersion, sameVersion, validateDeck, versionOf, type DeckHistory, type DeckVersion } from './deckEdit';
import type { DeletedDeckState } from './AdminDecksPage';
import { contentInput, contentLine } from '../../app/contentLine';
import { fieldMessage } from './EntryEditor';
import { LIMITS } from './entryForm';
import { addToDeck } from './entryFilters';
import { adminCrumbs } from './adminCrumbs';
import { isolatedParts } from './RecentChanges';
import { ExportButtons } from '../importExport/ImportDialog';

export function AdminDeckPage() {
  const t = useT();
  const { languageCode = '', deckId } = useParams();
  const deck = useDeck(deckId);
  if (deck === undefined) return <LoadingState />;
  if (deck === null) return <MissingState kind="deck" />;
  return <DeckEditor key={deck.id} deck={deck} languageCode={languageCode} crumbs={adminCrumbs(t, languageCode, 'decks')} />;
}

function DeckEditor({ deck, languageCode, crumbs }: { deck: Deck; languageCode: string; crumbs: ReturnType<typeof adminCrumbs> }) {
  const t = useT();
  const navigate = useNavigate();
  const [history, setHistory] = useState<DeckHistory>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  /** Saves `next` as the deck, remembering the version it replaces for undo. */
  const commit = async (next: Partial<DeckVersion>, message?: string) => {
    const before = versionOf(deck);
    const after = { ...before, ...next };
    if (sameVersion(before, after)) return;
    setHistory((h) => pushVersion(h, before));
    await saveDeck({ ...deck, ...after });
    setNotice(message ?? null);
  };

  const undo = async () => {
    const popped = popVersion(history);
    if (!popped) return;
    setHistory(popped.history);
    await saveDeck({ ...deck, ...popped.version });
    setNotice(t('admin.undone'));
  };

  // Ctrl/Cmd+Z outside text fields undoes the last change, as in any editor.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z' || e.shiftKey) return;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      e.preventDefault();
      void undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const remove = async () => {
    await saveDeck({ ...deck, deleted: true });
    const state: DeletedDeckState = { deletedDeck: deck };
    void navigate(`/admin/${languageCode}/decks`, { state });
  };

  return (
    <>
      <PageHeader
        title={deck.title}
        crumbs={crumbs}
        subtitle={t('admin.deckEntries', { count: deck.entryIds.length })}
        actions={
          <>
            <ExportButtons deckId={deck.id} />
            <Button startIcon={<UndoIcon />} onClick={() => void undo()} disabled={history.length === 0} aria-keyshortcuts="Control+Z">
              {t('admin.undo')}
            </Button>
            <Button color="error" startIcon={<DeleteOutlined />} onClick={() => setConfirmDelete(true)}>
              {t('admin.deck.delete')}
            </Button>
          </>
        }
      />
      <Typography role="status" aria-live="polite" variant="body2" color="text.secondary" sx={{ minHeight: 20, mb: 1 }}>
        {notice ?? ''}
      </Typography>
      <Stack spacing={4}>
        <DeckDetails deck={deck} onSave={(v) => commit(v, t('admin.saved'))} />
        <DeckEntries deck={deck} languageCode={languageCode} onChange={(entryIds, message) => commit({ entryIds }, message)} />
        <EntryPicker deck={deck} languageCode={languageCode} onAdd={(entry) => commit({ entryIds: addToDeck(deck.entryIds, [entry.id]).entryIds }, t('admin.deck.addedEntry', { text: entry.text }))} />
      </Stack>
      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)}>
        <DialogTitle>{t('admin.deck.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('admin.deck.deleteText', { title: deck.title })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>{t('admin.cancel')}</Button>
          <Button color="error" onClick={() => void remove()}>
            {t('admin.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Title and description, saved together. */
function DeckDetails({ deck, onSave }: { deck: Deck; onSave: (v: Pick<DeckVersion, 'title' | 'description'>) => Promise<void> }) {
  const t = useT();
  const [title, setTitle] = useState(deck.title);
  const [description, setDescription] = useState(deck.description);
  // Follow the deck when it changes underneath (undo, a sync) unless the field is being edited.
  const [seen, setSeen] = useState({ title: deck.title, description: deck.description });
  if (seen.title !== deck.title || seen.description !== deck.description) {
    setSeen({ title: deck.title, description: deck.description });
    if (title === seen.title) setTitle(deck.title);
    if (description === seen.description) setDescription(deck.description);
  }
  const errors = validateDeck({ title, description }, LIMITS);
  const dirty = title !== deck.title || description !== deck.description;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (errors.title || errors.description) return;
    void onSave({ title: title.trim(), description });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('admin.deck.details')}>
      <Stack spacing={2}>
        <TextField
          label={t('admin.deck.title')}
          required
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={!!errors.title}
          helperText={fieldMessage(t, errors.title)}
          slotProps={{ htmlInput: contentInput(title) }}
        />
        <TextField
          label={t('admin.deck.description')}
          multiline
          minRows={2}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={!!errors.description}
          helperText={fieldMessage(t, errors.description)}
          slotProps={{ htmlInput: contentInput(description) }}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={!dirty}>
            {t('admin.save')}
          </Button>
          <Button
            disabled={!dirty}
            onClick={() => {
              setTitle(deck.title);
              setDescription(deck.description);
            }}
          >
            {t('admin.revert')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/** Rows of the deck's entries shown at first, and added by each "Show more". */
export const ENTRY_ROWS_STEP = 100;

/** The deck's entries in order: drag handles, move up/down and remove buttons. */
function DeckEntries({ deck, languageCode, onChange }: {
  deck: Deck;
  languageCode: string;
  onChange: (entryIds: string[], message: string) => Promise<void>;
}) {
  const t = useT();
  const [shownRows, setShownRows] = useState(ENTRY_ROWS_STEP);
  const shown = useMemo(() => deck.entryIds.slice(0, shownRows), [deck.entryIds, shownRows]);
  const hidden = deck.entryIds.length - shown.length;
  const byId = useEntriesById(shown);
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so taps on the handle stay taps.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const label = (id: string | number) => byId?.get(String(id))?.text ?? String(id);
  const position = (id: string | number) => deck.entryIds.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('admin.dnd.picked', { text: label(active.id), index: position(active.id), count: deck.entryIds.length }),
    onDragOver: ({ active, over }) => (over ? t('admin.dnd.over', { text: label(active.id), index: position(over.id), count: deck.entryIds.length }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('admin.dnd.dropped', { text: label(active.id), index: position(over.id), count: deck.entryIds.length }) : undefined),
    onDragCancel: ({ active }) => t('admin.dnd.cancelled', { text: label(active.id) }),
  };
  const move = (from: number, to: number) => {
    const id = deck.entryIds[from]!;
    const next = moveEntry(deck.entryIds, from, to);
    if (next !== deck.entryIds) void onChange(next, t('admin.deck.moved', { text: label(id), index: next.indexOf(id) + 1, count: next.length }));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(deck.entryIds.indexOf(String(active.id)), deck.entryIds.indexOf(String(over.id)));
  };
  return (
    <section aria-labelledby="deck-entries-heading">
      <Typography variant="h6" component="h2" id="deck-entries-heading" gutterBottom>
        {t('admin.deckEntries', { count: deck.entryIds.length })}
      </Typography>
      {deck.entryIds.length === 0 ? (
        <Typography color="text.secondary">{t('admin.deck.noEntries')}</Typography>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t('admin.dnd.instructions') } }}
        >
          <SortableContext items={shown} strategy={verticalListSortingStrategy}>
            <Paper variant="outlined">
              <List disablePadding aria-label={t('admin.deck.entriesLabel')}>
                {shown.map((id, i) => (
                  <SortableEntry
                    key={id}
                    id={id}
                    index={i}
                    count={deck.entryIds.length}
                    entry={byId?.get(id)}
                    languageCode={languageCode}
                    onMove={move}
                    onRemove={() => void onChange(deck.entryIds.filter((x) => x !== id), t('admin.deck.removedEntry', { text: label(id) }))}
                  />
                ))}
              </List>
            </Paper>
          </SortableContext>
          {hidden > 0 && (
            <Button sx={{ mt: 1 }} onClick={() => setShownRows((n) => n + ENTRY_ROWS_STEP)}>
              {t('admin.deck.showMore', { count: Math.min(hidden, ENTRY_ROWS_STEP), hidden })}
            </Button>
          )}
        </DndContext>
      )}
    </section>
  );
}

function SortableEntry({ id, index, count, entry, languageCode, onMove, onRemove }: {
  id: string;
  index: number;
  count: number;
  entry: Entry | undefined;
  languageCode: string;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const text = entry?.text ?? t('admin.deck.missingEntry');
  return (
    <ListItem
      ref={setNodeRef}
      divider
      data-entry-id={id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{ gap: 1, bgcolor: isDragging ? 'action.selected' : 'background.paper', position: 'relative', zIndex: isDragging ? 1 : 'auto', pr: 1 }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('admin.deck.dragHandle', { text, index: index + 1, count })}
        sx={{ cursor: 'grab', touchAction: 'none' }}
      >
        <DragIndicator />
      </IconButton>
      <ListItemText
        primary={
          entry ? (
            <MuiLink component={Link} to={`/admin/${languageCode}/entries/${id}`} lang={entry.languageCode}>
              <bdi>{entry.text}</bdi>
            </MuiLink>
          ) : (
            text
          )
        }
        secondary={entry ? isolatedParts([entry.reading, entry.meanings.join('; ')]) : id}
        slotProps={{ secondary: contentLine() }}
        sx={{ minWidth: 0 }}
      />
      <IconButton aria-label={t('admin.deck.moveUp', { text })} disabled={index === 0} onClick={() => onMove(index, index - 1)}>
        <ArrowUpward />
      </IconButton>
      <IconButton aria-label={t('admin.deck.moveDown', { text })} disabled={index === count - 1} onClick={() => onMove(index, index + 1)}>
        <ArrowDownward />
      </IconButton>
      <IconButton aria-label={t('admin.deck.removeEntry', { text })} onClick={onRemove}>
        <RemoveCircleOutline />
      </IconButton>
    </ListItem>
  );
}

/** Matches shown when adding entries by search. */
const PICK_LIMIT = 20;

/** Finds entries of the language not in the deck (text, reading or meanings) and adds them. */
function EntryPicker({ deck, languageCode, onAdd }: { deck: Deck; languageCode: string; onAdd: (entry: Entry) => Promise<void> }) {
  const t = useT();
  const [query, setQuery] = useState('');
  const q = normalizeSearch(query);
  const inDeck = useMemo(() => new Set(deck.entryIds), [deck.entryIds]);
  const match = useMemo(() => {
    if (!q) return null;
    const words = q.split(/\s+/);
    return (e: Entry) => {
      if (inDeck.has(e.id)) return false;
      const hay = haystack([e.text, e.reading, e.meanings]);
      return words.every((w) => hay.includes(w));
    };
  }, [q, inDeck]);
  // Stops after PICK_LIMIT matches: a common query reads a few rows, a rare one scans the language.
  const matches = useEntriesMatching(languageCode, match, PICK_LIMIT);
  const full = deck.entryIds.length >= LIMITS.deckEntries;
  return (
    <section aria-labelledby="deck-add-heading">
      <Typography variant="h6" component="h2" id="deck-add-heading" gutterBottom>
        {t('admin.deck.addEntries')}
      </Typography>
      {full && <Alert severity="warning">{t('admin.deck.full', { max: LIMITS.deckEntries })}</Alert>}
      <TextField type="search" fullWidth label={t('admin.deck.findEntries')} value={query} onChange={(e) => setQuery(e.target.value)} disabled={full} />
      {q && matches && (
        <List dense aria-label={t('admin.deck.matches')}>
          {matches.length === 0 && <Typography color="text.secondary" sx={{ py: 1 }}>{t('entries.noMatches')}</Typography>}
          {matches.map((e) => (
            <ListItem
              key={e.id}
              divider
              secondaryAction={
                <Button size="small" startIcon={<AddIcon />} onClick={() => void onAdd(e)} aria-label={t('admin.deck.addEntry', { text: e.text })}>
                  {t('admin.add')}
                </Button>
              }
            >
              <ListItemText primary={<bdi>{e.text}</bdi>} secondary={<bdi>{[e.reading, e.meanings.join('; ')].filter(Boolean).join(' · ')}</bdi>} slotProps={{ primary: { lang: e.languageCode } }} />
            </ListItem>
          ))}
        </List>
      )}
    </section>
  );
}
