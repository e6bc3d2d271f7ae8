// A searchable, virtualised list of entries (50,000 rows): the body of /entries, one language's or
// every language's, each row linking to its entry.
import { useMemo } from 'react';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { contentLine } from '../../app/contentLine';
import type { Entry } from '../../api/generated/types';
import { useT } from '../../i18n/I18nContext';
import { EntryLabel } from '../shared/EntryLabel';
import { EmptyState, LoadingState } from '../shared/components';
import { ALL_LANGUAGES, entryListStatus, filterRows, haystack, statusText } from '../shared/filter';
import { useEntryRows } from '../../db/read/entryList';
import { useLanguageDownload } from '../../db/read/firstSync';
import { useLanguageCode } from '../../app/languageCode';
import { LanguageDownloading } from '../shared/LanguageDownloading';
import { ENTRY_ROW_HEIGHT, ListToolbar, VirtualList, useSearch } from '../shared/lists';

/** The read layer's scope of a list language: null for every language. */
export const entryScope = (language: string): string | null => (language === ALL_LANGUAGES ? null : language);

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

export function EntryBrowserOf({ language, onLanguage, linkBase, label }: {
  language: string;
  onLanguage: ((code: string) => void) | undefined;
  linkBase: string;
  label: string;
}) {
  const t = useT();
  const { query, setQuery, deferred } = useSearch();
  const data = useEntryRows(entryScope(language));
  // A language not on the device yet (every language: the current one's): downloading, not empty.
  const { languageCode: current } = useLanguageCode();
  const downloadCode = language === ALL_LANGUAGES ? current : language;
  const download = useLanguageDownload(downloadCode);
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
        {statusText(t, entryListStatus(shown, data?.complete, searching))}
      </Typography>
      {!shown ? (
        <LoadingState />
      ) : shown.length === 0 && !searching && download !== 'ready' ? (
        <LanguageDownloading code={downloadCode} state={download} />
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
