// /entries (the current language's entries: paged, searchable; never renders more than ~200 rows),
// /entries/:entryId and /decks/:deckId/entries/:entryId.
import { useEffect, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link, useParams } from 'react-router';
import type { Deck, Entry } from '../../api/generated/types';
import { useLanguageCode } from '../../app/languageCode';
import { db } from '../../db/db';
import { useI18n, useT } from '../../i18n/I18nContext';
import { EmptyState, LoadingState, MissingState, PageHeader } from '../shared/components';
import { useDeck, useEntry } from '../shared/hooks';
import { EntryDecks, EntryDetails, EntryHeading, PracticeLinks } from './EntryView';

export const ENTRIES_PAGE_SIZE = 100;
export const ENTRIES_MAX_MATCHES = 200;

/** Whether an entry matches a lower-cased search text. */
export function entryMatches(entry: Entry, query: string): boolean {
  if (!query) return true;
  return (
    entry.text.toLowerCase().includes(query) ||
    entry.reading.toLowerCase().includes(query) ||
    entry.meanings.some((m) => m.toLowerCase().includes(query))
  );
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Renders a bounded list of entries; `linkBase` prefixes each entry's id. */
export function EntryRows({ entries, linkBase, label }: { entries: Entry[]; linkBase: string; label: string }) {
  return (
    <List aria-label={label} dense>
      {entries.map((entry) => (
        <ListItem key={entry.id} disablePadding divider>
          <ListItemButton component={Link} to={`${linkBase}/${entry.id}`}>
            <ListItemText
              primary={entry.reading && entry.reading !== entry.text ? `${entry.text} · ${entry.reading}` : entry.text}
              secondary={entry.meanings.join('; ')}
              slotProps={{ primary: { lang: entry.languageCode } }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/** Paged and searchable entries of one language; used by /entries and the admin list. */
export function EntryBrowser({ languageCode, linkBase }: { languageCode: string; linkBase: string }) {
  const { t } = useI18n();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [resetKey, setResetKey] = useState(`${languageCode}\u0000${query}`);
  if (resetKey !== `${languageCode}\u0000${query}`) {
    setResetKey(`${languageCode}\u0000${query}`);
    setPage(1);
  }
  const search = useDebounced(query.trim().toLowerCase(), 250);
  // Counted on the index alone: instant for 50k rows, though it includes tombstones (rare).
  const total = useLiveQuery(() => db.entries.where('languageCode').equals(languageCode).count(), [languageCode]);
  const result = useLiveQuery(async () => {
    const collection = db.entries
      .orderBy('text')
      .filter((e) => e.languageCode === languageCode && !e.deleted && entryMatches(e, search));
    if (search) {
      const rows = await collection.limit(ENTRIES_MAX_MATCHES + 1).toArray();
      return { search, rows: rows.slice(0, ENTRIES_MAX_MATCHES), more: rows.length > ENTRIES_MAX_MATCHES };
    }
    const rows = await collection.offset((page - 1) * ENTRIES_PAGE_SIZE).limit(ENTRIES_PAGE_SIZE).toArray();
    return { search, rows, more: false };
  }, [languageCode, search, page]);
  const pages = total ? Math.ceil(total / ENTRIES_PAGE_SIZE) : 0;
  return (
    <Stack spacing={2}>
      <TextField
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        label={t('entries.search')}
        placeholder={t('entries.searchPlaceholder')}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <Typography variant="body2" color="text.secondary" role="status" aria-live="polite">
        {total === undefined
          ? t('loading.label')
          : result?.search
            ? result.more
              ? t('entries.matchesMore', { count: ENTRIES_MAX_MATCHES })
              : t('entries.matches', { count: result.rows.length })
            : t('entries.count', { count: total })}
      </Typography>
      {result === undefined ? (
        <LoadingState />
      ) : result.rows.length === 0 ? (
        <EmptyState>{result.search ? t('entries.noMatches') : t('entries.empty')}</EmptyState>
      ) : (
        <EntryRows entries={result.rows} linkBase={linkBase} label={t('entries.listLabel')} />
      )}
      {!search && pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_, p) => setPage(p)}
          siblingCount={1}
          boundaryCount={1}
          sx={{ alignSelf: 'center' }}
          getItemAriaLabel={(type, p, selected) =>
            type === 'page' ? (selected ? t('pagination.current', { page: p ?? 0 }) : t('pagination.page', { page: p ?? 0 })) : t(`pagination.${type}`)
          }
        />
      )}
    </Stack>
  );
}

export function EntriesPage() {
  const t = useT();
  const { languageCode } = useLanguageCode();
  return (
    <>
      <PageHeader title={t('entries.title')} subtitle={t('entries.subtitle', { language: languageCode })} />
      <EntryBrowser languageCode={languageCode} linkBase="/entries" />
    </>
  );
}

function useDecksHolding(entryId: string | undefined): Deck[] | undefined {
  return useLiveQuery(
    async () => (entryId ? await db.decks.filter((d) => !d.deleted && d.entryIds.includes(entryId)).toArray() : []),
    [entryId],
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
      <EntryHeading entry={entry} />
      <Stack spacing={3}>
        <section aria-labelledby="entry-decks">
          <Typography variant="h6" component="h2" id="entry-decks">
            {t('entry.inDecks')}
          </Typography>
          {decks ? <EntryDecks decks={decks} /> : <LoadingState />}
        </section>
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
      <EntryHeading entry={entry} />
      <EntryDetails entry={entry} />
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
