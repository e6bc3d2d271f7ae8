// /admin/{languageCode}/decks/{deckId}: a deck's title and description, its entries reordered by
// drag (pointer, touch, or keyboard through the handle) or by the move buttons, entries added by
// search and removed, the deck deleted; every change is one saveDeck, and undo saves back the
// version before it. Leaving with the title or description edited but not saved asks first.
//
// Drag and drop is @dnd-kit (headless, with a keyboard sensor and screen-reader announcements),
// loaded with the admin pages only. Rows are shown ENTRY_ROWS_STEP at a time ("Show more"): a
// deck may hold thousands of entries (an import makes them), and every sortable row registers
// with dnd-kit as it mounts, so mounting them all at once freezes the page.
import { useEffect, useState, type FormEvent } from 'react';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate, useParams } from 'react-router';
import type { Deck } from '../../api/generated/types';
import { saveDeck } from '../../db/mutations';
import { useT } from '../../i18n/I18nContext';
import { LoadingState, MissingState, PageHeader } from '../shared/components';
import { useDeck } from '../../db/read/decks';
import { popVersion, pushVersion, sameVersion, validateDeck, versionOf, type DeckHistory, type DeckVersion } from './deckEdit';
import type { DeletedDeckState } from './AdminDecksPage';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { DeckFields } from './DeckFields';
import { LIMITS } from './entryForm';
import { addToDeck } from './entryFilters';
import { useAdminCrumbs } from './adminCrumbs';
import type { Crumb } from '../shared/components';
import { ExportButtons } from '../importExport/ImportDialog';
import { DeckEntries } from './DeckEntries';
import { useLeaveGuard } from '../shared/useLeaveGuard';
import { EntryPicker } from './EntryPicker';

export function AdminDeckPage() {
  const { languageCode = '', deckId } = useParams();
  const deck = useDeck(deckId);
  const crumbs = useAdminCrumbs(languageCode, 'decks');
  if (deck === undefined) return <LoadingState />;
  if (deck === null) return <MissingState kind="deck" id={deckId} />;
  return <DeckEditor key={deck.id} deck={deck} languageCode={languageCode} crumbs={crumbs} />;
}

function DeckEditor({ deck, languageCode, crumbs }: { deck: Deck; languageCode: string; crumbs: Crumb[] }) {
  const t = useT();
  const navigate = useNavigate();
  const [history, setHistory] = useState<DeckHistory>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [detailsDirty, setDetailsDirty] = useState(false);
  const guard = useLeaveGuard(detailsDirty);

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
    guard.leaveFreely();
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
        <DeckDetails deck={deck} onSave={(v) => commit(v, t('admin.saved'))} onDirty={setDetailsDirty} />
        <DeckEntries deck={deck} languageCode={languageCode} onChange={(entryIds, message) => commit({ entryIds }, message)} />
        <EntryPicker deck={deck} languageCode={languageCode} onAdd={(entry) => commit({ entryIds: addToDeck(deck.entryIds, [entry.id]).entryIds }, t('admin.deck.addedEntry', { text: entry.text }))} />
      </Stack>
      <ConfirmDeleteDialog
        open={confirmDelete}
        title={t('admin.deck.deleteTitle')}
        text={t('admin.deck.deleteText', { title: deck.title })}
        onCancel={() => setConfirmDelete(false)}
        onDelete={() => void remove()}
      />
      {guard.dialog}
    </>
  );
}

/** Title and description, saved together; `onDirty` hears whether they differ from the deck's. */
export function DeckDetails({ deck, onSave, onDirty }: {
  deck: Deck;
  onSave: (v: Pick<DeckVersion, 'title' | 'description'>) => Promise<void>;
  onDirty: (dirty: boolean) => void;
}) {
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
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (errors.title || errors.description) return;
    void onSave({ title: title.trim(), description });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('admin.deck.details')}>
      <Stack spacing={2}>
        <DeckFields title={title} description={description} onTitle={setTitle} onDescription={setDescription} errors={errors} />
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
