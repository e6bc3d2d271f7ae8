// Search and language filtering of the study lists, as pure functions over rows (tested in
// filter.test.ts). Text is compared in NFKC and lower case, so composed and decomposed Hangul, and
// full-width and half-width forms, match alike.
import type { TFunction } from '../../i18n/I18nContext';

/** The list filter's value for "every language". */
export const ALL_LANGUAGES = '*';

/** The form both the query and the searched text take before comparing. */
export function normalizeSearch(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase().trim();
}

/** One searchable string of a row's fields (built once per row, so a keystroke over 50,000 rows
 * is one `includes` per row). Fields are joined by a separator no query contains. */
export function haystack(fields: readonly (string | readonly string[] | undefined | null)[]): string {
  const parts: string[] = [];
  for (const f of fields) {
    if (f == null) continue;
    if (typeof f === 'string') parts.push(f);
    else parts.push(...f);
  }
  return normalizeSearch(parts.join('\u0001'));
}

/** Whether a row of `languageCode` with `hay` (see haystack) passes the filter. `query` is already
 * normalised; every whitespace-separated word must occur. */
export function passes(hay: string, languageCode: string, query: string, language: string): boolean {
  if (language !== ALL_LANGUAGES && languageCode !== language) return false;
  if (!query) return true;
  for (const word of query.split(/\s+/)) if (word && !hay.includes(word)) return false;
  return true;
}

/** Rows passing the filter, in their order. `hays` holds each row's haystack, by index. */
export function filterRows<T extends { languageCode: string }>(
  rows: readonly T[],
  hays: readonly string[],
  query: string,
  language: string,
): T[] {
  const q = normalizeSearch(query);
  if (!q && language === ALL_LANGUAGES) return rows as T[];
  const out: T[] = [];
  for (let i = 0; i < rows.length; i++) if (passes(hays[i]!, rows[i]!.languageCode, q, language)) out.push(rows[i]!);
  return out;
}

/** What an entry list's status line says: still loading, how many match a search, how many there
 * are, or that more are on their way (a language's entries arrive page by page). */
export type EntryListStatus =
  | { key: 'loading.label' }
  | { key: 'entries.matches' | 'entries.count'; count: number }
  | { key: 'lists.loadingMore' };

/** The status line of an entry list showing `shown` (undefined while loading) out of rows whose
 * reading is `complete` or not, `searching` or not. */
export function entryListStatus(shown: readonly unknown[] | undefined, complete: boolean | undefined, searching: boolean): EntryListStatus {
  if (!shown || complete === undefined) return { key: 'loading.label' };
  if (searching) return complete ? { key: 'entries.matches', count: shown.length } : { key: 'loading.label' };
  return complete ? { key: 'entries.count', count: shown.length } : { key: 'lists.loadingMore' };
}

/** The words of an [`EntryListStatus`]. */
export function statusText(t: TFunction, s: EntryListStatus): string {
  return 'count' in s ? t(s.key, { count: s.count }) : t(s.key);
}
