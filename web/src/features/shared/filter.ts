// Search and language filtering of the study lists, as pure functions over rows (tested in
// filter.test.ts). Text is compared in NFKC and lower case, so composed and decomposed Hangul, and
// full-width and half-width forms, match alike.

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
