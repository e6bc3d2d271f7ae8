// /admin/{languageCode}/decks: a language's decks with search, and a new deck (title and
// description first; ?new=1 opens the dialog). A deck deleted in its editor comes back here with
// an undo.
import { useMemo, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Deck } from '../../api/generated/types';
import { saveDeck } from '../../db/mutations';
import { useT } from '../../i18n/I18nContext';
import { DeckList } from '../decks/DeckList';
import { EmptyState, LoadingState, PageHeader } from '../shared/components';
import { ALL_LANGUAGES, filterRows, haystack } from '../shared/filter';
import { useDecksOfLanguage } from '../../db/read/decks';
import { ListToolbar, useSearch } from '../shared/lists';
import { useAdminCrumbs } from './adminCrumbs';
import { useLanguageName } from '../../app/languages';
import { ImportDialog } from '../importExport/ImportDialog';
import { NewDeckDialog } from './NewDeckDialog';

/** Navigation state the deck editor leaves after a delete. */
export interface DeletedDeckState {
  deletedDeck?: Deck;
}

export function AdminDecksPage() {
  const t = useT();
  const { languageCode = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const decks = useDecksOfLanguage(languageCode);
  const language = useLanguageName(languageCode);
  const crumbs = useAdminCrumbs(languageCode);
  const { query, setQuery, deferred } = useSearch();
  const [undone, setUndone] = useState(false);
  const [importing, setImporting] = useState(false);
  const deleted = (location.state as DeletedDeckState | null)?.deletedDeck;
  const hays = useMemo(() => decks?.map((d) => haystack([d.title, d.description])), [decks]);
  const shown = decks && hays ? filterRows(decks, hays, deferred, ALL_LANGUAGES) : undefined;
  const creating = search.has('new');
  const setCreating = (on: boolean) => setSearch(on ? { new: '1' } : {}, { replace: true });

  const undoDelete = async () => {
    if (!deleted) return;
    await saveDeck({ ...deleted, deleted: false });
    setUndone(true);
    void navigate(location.pathname, { replace: true, state: null });
  };

  return (
    <>
      <PageHeader
        title={t('admin.decksOf', { language })}
        crumbs={crumbs}
        subtitle={decks ? t('decks.count', { count: decks.length, language }) : undefined}
        actions={
          <>
            <Button onClick={() => setImporting(true)}>{t('transfer.importButton')}</Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              {t('admin.deck.new')}
            </Button>
          </>
        }
      />
      {importing && decks && <ImportDialog languageCode={languageCode} decks={decks} onClose={() => setImporting(false)} />}
      {deleted && (
        <Alert severity="info" sx={{ mb: 2 }} action={<Button color="inherit" size="small" onClick={() => void undoDelete()}>{t('admin.undo')}</Button>}>
          {t('admin.deck.deleted', { title: deleted.title })}
        </Alert>
      )}
      {undone && !deleted && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setUndone(false)}>
          {t('admin.undone')}
        </Alert>
      )}
      <ListToolbar query={query} onQuery={setQuery} language={languageCode} onLanguage={() => undefined} hideLanguage searchLabel={t('admin.deck.search')} />
      {shown === undefined ? (
        <LoadingState />
      ) : shown.length === 0 ? (
        <EmptyState>{deferred.trim() ? t('admin.deck.noMatches') : t('decks.empty')}</EmptyState>
      ) : (
        <DeckList decks={shown} linkBase={`/admin/${languageCode}/decks`} />
      )}
      <NewDeckDialog
        open={creating}
        onClose={() => setCreating(false)}
        languageCode={languageCode}
        position={decks && decks.length > 0 ? Math.max(...decks.map((d) => d.position)) + 1 : 0}
      />
    </>
  );
}
