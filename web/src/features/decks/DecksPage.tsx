// /decks: every deck, searchable, filterable by language, virtualised; one language's first decks
// are read before the first render (preload).
import { useMemo } from 'react';
import Typography from '@mui/material/Typography';
import { languageCodeStore, useLanguageCode } from '../../app/languageCode';
import { useT } from '../../i18n/I18nContext';
import { EmptyState, LoadingState, PageHeader } from '../shared/components';
import { ALL_LANGUAGES, filterRows, haystack } from '../shared/filter';
import { preloadFirstDecks, useAllDecks, useDecksFirstPageThenAll } from '../../db/read/decks';
import { useDueCountsByEntry } from '../../db/read/cards';
import { useNow } from '../shared/clock';
import { useFirstSyncPending, useLanguageDownload } from '../../db/read/firstSync';
import { LanguageDownloading } from '../shared/LanguageDownloading';
import { useMyDecks } from '../../db/read/userDecks';
import { ListToolbar, useListLanguage, useSearch } from '../shared/lists';
import { useLanguageName } from '../../app/languages';
import { DECKS_PER_PAGE } from './DeckList';
import { VirtualDeckList } from './VirtualDeckList';

/** Before the first render of /decks: its first decks (router.tsx preloadPage). */
export async function preload(pathname: string): Promise<void> {
  if (pathname === '/decks') await preloadFirstDecks(languageCodeStore.get(), DECKS_PER_PAGE);
}

export function DecksPage() {
  const t = useT();
  const [language, setLanguage] = useListLanguage();
  const languageName = useLanguageName(language);
  const { query, setQuery, deferred } = useSearch();
  const all = language === ALL_LANGUAGES;
  // One language: its first decks at once (preloaded before the first render), then all.
  const page = useDecksFirstPageThenAll(all ? '' : language, DECKS_PER_PAGE);
  const allDecks = useAllDecks(all);
  const decks = all ? allDecks : page?.decks;
  const complete = all ? allDecks !== undefined : page?.complete === true;
  const dueByEntry = useDueCountsByEntry(useNow());
  const mine = useMyDecks();
  const mineIds = useMemo(() => new Set(mine?.map((d) => d.deckId)), [mine]);
  const searching = deferred.trim() !== '';
  const hays = useMemo(() => (decks && searching ? decks.map((d) => haystack([d.title, d.description])) : undefined), [decks, searching]);
  const shown = useMemo(() => (decks && hays ? filterRows(decks, hays, deferred, ALL_LANGUAGES) : decks), [decks, hays, deferred]);
  // Before the first sync has stored anything, no decks means they are still on their way.
  const firstSync = useFirstSyncPending();
  // A language being downloaded (just chosen, or a first visit's): say so, not "no decks".
  const { languageCode: current } = useLanguageCode();
  const downloadCode = all ? current : language;
  const download = useLanguageDownload(downloadCode);
  return (
    <>
      <PageHeader
        title={t('decks.title')}
        subtitle={
          complete && decks
            ? all
              ? t('lists.decksAll', { count: decks.length })
              : t('decks.count', { count: decks.length, language: languageName })
            : undefined
        }
      />
      <ListToolbar query={query} onQuery={setQuery} language={language} onLanguage={setLanguage}
        searchLabel={t('lists.searchDecks')} placeholder={t('lists.searchDecksPlaceholder')} />
      {searching && shown && (
        <Typography variant="body2" color="text.secondary" role="status" aria-live="polite" sx={{ mb: 1 }}>
          {t('entries.matches', { count: shown.length })}
        </Typography>
      )}
      {shown === undefined || (shown.length === 0 && !searching && firstSync && download === 'ready') ? (
        <LoadingState />
      ) : shown.length === 0 && !searching && download !== 'ready' ? (
        <LanguageDownloading state={download} code={downloadCode} />
      ) : shown.length === 0 ? (
        <EmptyState>{searching ? t('lists.noDeckMatches') : t('decks.empty')}</EmptyState>
      ) : (
        <VirtualDeckList decks={shown} dueByEntry={dueByEntry} mine={mineIds} />
      )}
    </>
  );
}
