// /entries (every entry, searchable, filterable by language, virtualised for 50,000 rows),
// /entries/:entryId and /decks/:deckId/entries/:entryId.
import { useMemo } from 'react';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link, useParams } from 'react-router';
import { contentLine } from '../../app/contentLine';
import type { Entry } from '../../api/generated/types';
import { languageCodeStore } from '../../app/languageCode';
import { useT } from '../../i18n/I18nContext';
import { EntryLabel } from '../shared/EntryLabel';
import { EmptyState, LoadingState, MissingState, PageHeader } from '../shared/components';
import { ALL_LANGUAGES, filterRows, haystack } from '../shared/filter';
import { useDeck, useDecksHolding } from '../../db/read/decks';
import { preloadFirstEntries, useEntry, useEntryRows } from '../../db/read/entries';
import { ListToolbar, VirtualList, useListLanguage, useSearch } from '../shared/lists';
import { EnableSwitch, EntryCharacters, EntryDecks, EntryDetails, EntryHeading, PracticeLinks } from './EntryView';

/** Height of an entry row (two lines, cut with an ellipsis). */
export const ENTRY_ROW_HEIGHT = 64;

/** The read layer's scope of a list language: null for every language. */
export const entryScope = (language: string): string | null => (language === ALL_LANGUAGES ? null : language);

/** Before the first render of /entries: its first rows, so the first paint lists them. */
export async function preload(pathname: string): Promise<void> {
  if (pathname !== '/entries') return;
  await preloadFirstEntries(entryScope(languageCodeStore.get()));
}

/** One entry row: text · reading, then the meanings, each on one line. */
function EntryRow({ entry, to }: { entry: Entry; to: string }) {
  return (
    <ListItemButton component={Link} to={to} divider sx={{ height: '100%' }}>
      <ListItemText
        primary={<EntryLabel entry={entry} />}
        secondary={entry.meanings.join('; ')}
        slotProps={{ primary: contentLine(entry.languageCode), secondary: contentLine() }}
      />
    </ListItemButton>
  );
}

/** Searchable, virtualised entries of one language (the admin list). */
export function EntryBrowser({ languageCode, linkBase }: { languageCode: string; linkBase: string }) {
  const t = useT();
  return <EntryBrowserOf language={languageCode} onLanguage={undefined} linkBase={linkBase} label={t('entries.listLabel')} />;
}

function EntryBrowserOf({ language, onLanguage, linkBase, label }: {
  language: string;
  onLanguage: ((code: string) => void) | undefined;
  linkBase: string;
  label: string;
}) {
  const t = useT();
  const { query, setQuery, deferred } = useSearch();
  const data = useEntryRows(entryScope(language));
  const rows = data?.rows;
  // Haystacks only once someone searches: the first paint never pays for 50,000 of them.
  const searching = deferred.trim() !== '';
  const hays = useMemo(() => (rows && searching ? rows.map((e) => haystack([e.text, e.reading, e.meanings])) : undefined), [rows, searching]);
  const shown = useMemo(
    () => (rows ? (hays ? filterRows(rows, hays, deferred, ALL_LANGUAGES) : rows) : undefined),
    [rows, hays, deferred],
  );
  return (
    <>
      <ListToolbar
        query={query}
        onQuery={setQuery}
        language={language}
        onLanguage={onLanguage ?? (() => undefined)}
        hideLanguage={!onLanguage}
        searchLabel={t('entries.search')}
        placeholder={t('entries.searchPlaceholder')}
      />
      <Typography variant="body2" color="text.secondary" role="status" aria-live="polite" sx={{ mb: 1 }}>
        {!data || !shown
          ? t('loading.label')
          : searching
            ? data.complete
              ? t('entries.matches', { count: shown.length })
              : t('loading.label')
            : data.complete
              ? t('entries.count', { count: shown.length })
              : t('lists.loadingMore')}
      </Typography>
      {!shown ? (
        <LoadingState />
      ) : shown.length === 0 ? (
        <EmptyState>{searching ? t('entries.noMatches') : t('entries.empty')}</EmptyState>
      ) : (
        <VirtualList
          count={shown.length}
          rowHeight={ENTRY_ROW_HEIGHT}
          label={label}
          getKey={(i) => shown[i]!.id}
          row={(i) => <EntryRow entry={shown[i]!} to={`${linkBase}/${shown[i]!.id}`} />}
        />
      )}
    </>
  );
}

export function EntriesPage() {
  const t = useT();
  const [language, setLanguage] = useListLanguage();
  return (
    <>
      <PageHeader title={t('entries.title')} subtitle={language === ALL_LANGUAGES ? t('lists.allLanguages') : t('entries.subtitle', { language })} />
      <EntryBrowserOf language={language} onLanguage={setLanguage} linkBase="/entries" label={t('entries.listLabel')} />
    </>
  );
}

export function EntryPage() {
  const t = useT();
  const { entryId } = useParams();
  const entry = useEntry(entryId);
  const decks = useDecksHolding(entryId);
  if (entry === undefined) return <LoadingState />;
  if (entry === null) return <MissingState kind="entry" />;
  return (
    <>
      <PageHeader title={entry.text} lang={entry.languageCode} crumbs={[{ to: '/entries', label: t('entries.title') }]}
        actions={<PracticeLinks entry={entry} deck={decks?.[0]} />} />
      <EntryHeading entry={entry} speak />
      <Stack spacing={3}>
        <EnableSwitch entry={entry} />
        <section aria-labelledby="entry-decks">
          <Typography variant="h6" component="h2" id="entry-decks">
            {t('entry.inDecks')}
          </Typography>
          {decks ? <EntryDecks decks={decks} /> : <LoadingState />}
        </section>
        <EntryCharacters entry={entry} />
        <EntryDetails entry={entry} />
      </Stack>
    </>
  );
}

export function DeckEntryPage() {
  const t = useT();
  const { deckId, entryId } = useParams();
  const deck = useDeck(deckId);
  const entry = useEntry(entryId);
  if (deck === undefined || entry === undefined) return <LoadingState />;
  if (deck === null) return <MissingState kind="deck" />;
  if (entry === null) return <MissingState kind="entry" />;
  const index = deck.entryIds.indexOf(entry.id);
  const prev = index > 0 ? deck.entryIds[index - 1] : undefined;
  const next = index >= 0 && index < deck.entryIds.length - 1 ? deck.entryIds[index + 1] : undefined;
  return (
    <>
      <PageHeader
        title={entry.text}
        lang={entry.languageCode}
        crumbs={[
          { to: '/decks', label: t('decks.title') },
          { to: `/decks/${deck.id}`, label: deck.title },
        ]}
        subtitle={index >= 0 ? t('entry.position', { index: index + 1, count: deck.entryIds.length }) : undefined}
        actions={<PracticeLinks entry={entry} deck={deck} />}
      />
      <EntryHeading entry={entry} speak />
      <Stack spacing={3}>
        <EnableSwitch entry={entry} />
        <EntryCharacters entry={entry} />
        <EntryDetails entry={entry} />
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 3 }} component="nav" aria-label={t('entry.deckNav')}>
        {prev ? (
          <Typography component={Link} to={`/decks/${deck.id}/entries/${prev}`} rel="prev">
            {t('entry.previous')}
          </Typography>
        ) : (
          <span />
        )}
        {next && (
          <Typography component={Link} to={`/decks/${deck.id}/entries/${next}`} rel="next">
            {t('entry.next')}
          </Typography>
        )}
      </Stack>
    </>
  );
}
