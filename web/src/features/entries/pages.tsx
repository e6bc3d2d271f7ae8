// /entries (every entry, searchable, filterable by language, virtualised for 50,000 rows),
// /entries/:entryId and /decks/:deckId/entries/:entryId.
import { useEffect, useMemo, useState } from 'react';
import Dexie from 'dexie';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link, useParams } from 'react-router';
import { contentLine } from '../../app/contentLine';
import type { Deck, Entry } from '../../api/generated/types';
import { languageCodeStore } from '../../app/languageCode';
import { db } from '../../db/db';
import { useT } from '../../i18n/I18nContext';
import { EntryLabel } from '../shared/EntryLabel';
import { EmptyState, LoadingState, MissingState, PageHeader } from '../shared/components';
import { ALL_LANGUAGES, filterRows, haystack } from '../shared/filter';
import { useDeck, useEntry } from '../shared/hooks';
import { ListToolbar, VirtualList, useListLanguage, useSearch } from '../shared/lists';
import { EnableSwitch, EntryCharacters, EntryDecks, EntryDetails, EntryHeading, PracticeLinks } from './EntryView';

/** Rows read first (before the whole list), enough to fill a tall screen. */
export const FIRST_ENTRIES = 40;
/** Height of an entry row (two lines, cut with an ellipsis). */
export const ENTRY_ROW_HEIGHT = 64;

/** The text-ordered index range of a language's entries (every language's: the text index). */
function textRange(language: string, after?: string) {
  if (language === ALL_LANGUAGES) return after === undefined ? db.entries.orderBy('text') : db.entries.where('text').above(after);
  return db.entries
    .where('[languageCode+text]')
    .between([language, after ?? Dexie.minKey], [language, Dexie.maxKey], after === undefined, true);
}

/** The entries of one text (the rows tied on the index key at a page boundary). */
function sameText(language: string, text: string) {
  return language === ALL_LANGUAGES ? db.entries.where('text').equals(text) : db.entries.where('[languageCode+text]').equals([language, text]);
}

/** The first `limit` entries of a language (or all) in text order, through the language+text
 * index: a range read, not a scan of every language's rows. */
function readFirstEntries(language: string, limit: number): Promise<Entry[]> {
  return textRange(language).filter((e) => !e.deleted).limit(limit).toArray();
}

/** Rows read per slice of the whole list: each is one getAll, and the main thread gets a turn
 * between slices (50,000 rows in one read would hold it for a second or more). */
const SLICE = 2500;

/** All entries of a language (or all) in text order, read a slice at a time (keyset paging on
 * the text; the rows tied on a slice's last text are read with it); null when `cancelled`
 * (the page left), so a stale read stops early. */
async function readAllEntries(language: string, cancelled: () => boolean): Promise<Entry[] | null> {
  const out: Entry[] = [];
  let after: string | undefined;
  for (;;) {
    const slice = await textRange(language, after).limit(SLICE).toArray();
    if (cancelled()) return null;
    for (const e of slice) if (!e.deleted) out.push(e);
    if (slice.length < SLICE) return out;
    after = slice[slice.length - 1]!.text;
    // The next slice starts after this text: take every row of it now.
    const seen = new Set(slice.filter((e) => e.text === after).map((e) => e.id));
    for (const e of await sameText(language, after).toArray()) if (!seen.has(e.id) && !e.deleted) out.push(e);
    await new Promise((ok) => setTimeout(ok, 0));
    if (cancelled()) return null;
  }
}

/** First rows read before the first render of /entries (router.tsx preloadPage), by language. */
const preloadedEntries = new Map<string, Entry[]>();

/** Before the first render of /entries: its first rows, so the first paint lists them. */
export async function preload(pathname: string): Promise<void> {
  if (pathname !== '/entries') return;
  const language = languageCodeStore.get();
  await preloadFirstEntries(language);
}

/** Reads a language's first rows ahead of a list's first render (also the admin list's preload). */
export async function preloadFirstEntries(language: string): Promise<void> {
  preloadedEntries.set(language, await readFirstEntries(language, FIRST_ENTRIES));
}

/** Changes when a language's entries change (a count and the newest stamp: index reads, cheap),
 * so the whole list is read again only then, not on every write a sync makes. */
function useEntriesVersion(language: string): string | undefined {
  return useLiveQuery(async () => {
    const count =
      language === ALL_LANGUAGES ? await db.entries.count() : await db.entries.where('languageCode').equals(language).count();
    const last = await db.entries.orderBy('updatedAt').last();
    return `${count}/${last?.updatedAt ?? 0}`;
  }, [language]);
}

/** While a sync writes many pages of entries, the whole list is read at most this often. */
const RELOAD_DEBOUNCE_MS = 1000;

/** A language's entries in text order: the first rows at once, then all of them. */
export function useEntryRows(language: string): { rows: Entry[]; complete: boolean } | undefined {
  const [state, setState] = useState<{ language: string; rows: Entry[]; complete: boolean } | undefined>(() => {
    const first = preloadedEntries.get(language);
    return first ? { language, rows: first, complete: false } : undefined;
  });
  const version = useEntriesVersion(language);
  const current = state?.language === language ? state : undefined;
  const hasAll = current?.complete === true;
  useEffect(() => {
    if (version === undefined) return;
    let cancelled = false;
    const load = async () => {
      if (!hasAll) {
        const first = await readFirstEntries(language, FIRST_ENTRIES);
        if (cancelled) return;
        setState((s) => (s?.language === language && s.complete ? s : { language, rows: first, complete: first.length < FIRST_ENTRIES }));
        if (first.length < FIRST_ENTRIES) return;
      }
      const all = await readAllEntries(language, () => cancelled);
      if (all && !cancelled) setState({ language, rows: all, complete: true });
    };
    // The first read at once; a later change (a sync's next page) after a pause.
    const timer = setTimeout(() => void load(), hasAll ? RELOAD_DEBOUNCE_MS : 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // hasAll is read when the version or language changes, not a reason to read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, version]);
  return current;
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
  const data = useEntryRows(language);
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
