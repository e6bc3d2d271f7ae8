// The study lists' pieces: the search box, the language filter and a virtualised list.
//
// The list is virtualised against the window (@tanstack/react-virtual, headless): the page itself
// scrolls under the sticky app bar, as every other page does, so the list needs no box of a fixed
// height. Rows have a fixed height (text is cut with an ellipsis), so nothing is measured while
// scrolling a language of tens of thousands of entries.
import { useDeferredValue, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLanguageCode } from '../../app/languageCode';
import { useLanguagesByName } from '../../app/languages';
import { useT } from '../../i18n/I18nContext';
import { ALL_LANGUAGES } from './filter';

/** The language a list shows: the app's language until the learner picks another (or all); a
 * change of the app's language resets it. */
/** Height of an entry row in the entry lists, /entries and the admin's (two lines, cut with an
 * ellipsis). */
export const ENTRY_ROW_HEIGHT = 64;

export function useListLanguage(): [string, (code: string) => void] {
  const { languageCode } = useLanguageCode();
  const [choice, setChoice] = useState({ app: languageCode, value: languageCode });
  if (choice.app !== languageCode) {
    const next = { app: languageCode, value: languageCode };
    setChoice(next);
    return [next.value, (value) => setChoice({ app: languageCode, value })];
  }
  return [choice.value, (value) => setChoice({ app: languageCode, value })];
}

/** A list's search text, and its deferred value for filtering (typing stays responsive while a
 * large list filters behind it). */
export function useSearch(): { query: string; setQuery: (q: string) => void; deferred: string } {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  return { query, setQuery, deferred };
}

/** The search box and the language filter above a list. */
export function ListToolbar({
  query,
  onQuery,
  language,
  onLanguage,
  searchLabel,
  placeholder,
  hideLanguage = false,
  hideSearch = false,
}: {
  query: string;
  onQuery: (q: string) => void;
  language: string;
  onLanguage: (code: string) => void;
  searchLabel: string;
  placeholder?: string;
  /** A list of one fixed language (admin) has no language filter. */
  hideLanguage?: boolean;
  /** Only the language filter (a statistics tab: its scope). */
  hideSearch?: boolean;
}) {
  const t = useT();
  const languages = useLanguagesByName() ?? [];
  const known = language === ALL_LANGUAGES || languages.some((l) => l.id === language);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      {!hideSearch && (
      <TextField
        type="search"
        value={query}
        onChange={(e) => onQuery(e.target.value)}
        label={searchLabel}
        placeholder={placeholder}
        sx={{ flex: 1 }}
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
      )}
      {!hideLanguage && (
      <TextField
        select
        label={t('lists.language')}
        value={known ? language : ALL_LANGUAGES}
        onChange={(e) => onLanguage(e.target.value)}
        sx={{ minWidth: 200 }}
        slotProps={{ htmlInput: { 'data-testid': 'list-language' } }}
      >
        <MenuItem value={ALL_LANGUAGES}>{t('lists.allLanguages')}</MenuItem>
        {languages.map((l) => (
          <MenuItem key={l.id} value={l.id}>
            {l.label}
            {l.nativeName && l.nativeName !== l.label && (
              <span lang={l.id} style={{ opacity: 0.7, marginInlineStart: '0.5em' }}>
                {l.nativeName}
              </span>
            )}
          </MenuItem>
        ))}
      </TextField>
      )}
    </Stack>
  );
}

/** A list of `count` rows of `rowHeight` px, rendering only those near the viewport. `row(i)` is
 * the content of the i-th <li> (e.g. a ListItemButton), laid out in exactly that height. Each
 * item carries its position and the list's size, since most rows are not in the document. */
export function VirtualList({
  count,
  rowHeight,
  row,
  label,
  getKey,
}: {
  count: number;
  rowHeight: number;
  row: (index: number) => ReactNode;
  label: string;
  getKey: (index: number) => string;
}) {
  const ref = useRef<HTMLUListElement>(null);
  // Where the list starts in the page: the virtualiser works in page coordinates.
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setMargin(el.getBoundingClientRect().top + window.scrollY);
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    // The observer's first call comes after the first layout: measuring forces no layout of its
    // own and re-renders the list after the first paint, not before it. Until then the list
    // counts from the page's top, which only adds a few rows below the fold. Whatever sits above
    // the list (headers, stats) may change height later.
    const observer = new ResizeObserver(measure);
    if (el.parentElement) observer.observe(el.parentElement);
    return () => observer.disconnect();
  }, []);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => rowHeight,
    // A few rows beyond the viewport: each rendered row costs first-paint time (MUI rows are deep).
    overscan: 3,
    scrollMargin: margin,
    getItemKey: getKey,
    // The first render already lists the rows in view (no empty frame before the first measure).
    initialRect: typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight },
  });
  const items = virtualizer.getVirtualItems();
  return (
    <List
      ref={ref}
      aria-label={label}
      disablePadding
      sx={{ position: 'relative', height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => (
        <Box
          component="li"
          key={item.key}
          data-index={item.index}
          aria-setsize={count}
          aria-posinset={item.index + 1}
          sx={{ position: 'absolute', top: 0, insetInlineStart: 0, width: '100%', height: rowHeight, listStyle: 'none', display: 'flex' }}
          style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
        >
          {row(item.index)}
        </Box>
      ))}
    </List>
  );
}
