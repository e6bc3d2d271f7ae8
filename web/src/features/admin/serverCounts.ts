// What the server holds of each language (`queryLanguageCounts`, curators only), for the admin
// languages table: a device holds only the languages it studies, so its own counts said "0 decks"
// for a language the server has. Asked once per visit of the page; offline, the table says so.
import { useEffect, useState } from 'react';
import type { Language, LanguageCounts } from '../../api/generated/types';
import { queryLanguageCounts } from '../../app/syncBridge';
import { useShownLanguages } from '../../db/read/languages';

export interface LanguageRow {
  language: Language;
  /** The server's counts; null when it could not be asked (or does not have the language). */
  counts: LanguageCounts | null;
}

/** The languages `shown` accepts (see useShownLanguages), each with the server's counts, and
 * whether the server could not be reached; undefined until both are known. */
export function useLanguagesWithServerCounts(shown: (code: string) => boolean, key: string): { rows: LanguageRow[]; unreachable: boolean } | undefined {
  const languages = useShownLanguages(shown, key);
  const [counts, setCounts] = useState<ReadonlyMap<string, LanguageCounts> | 'unreachable'>();
  useEffect(() => {
    let current = true;
    queryLanguageCounts().then(
      (list) => current && setCounts(new Map(list.map((c) => [c.languageCode, c]))),
      () => current && setCounts('unreachable'),
    );
    return () => {
      current = false;
    };
  }, []);
  if (languages === undefined || counts === undefined) return undefined;
  const unreachable = counts === 'unreachable';
  return { rows: languages.map((language) => ({ language, counts: unreachable ? null : (counts.get(language.id) ?? null) })), unreachable };
}
