// The synced languages, for pickers and labels: its own module so a page that only names the
// language does not load the picker's select field. A language is shown by its name in the UI's
// language (Intl.DisplayNames, else the row's English name), never by its code, and lists of
// languages are sorted by that name.
import { useLiveQuery } from 'dexie-react-hooks';
import type { Language } from '../api/generated/types';
import { db } from '../db/db';
import { compareKeys } from '../db/order';
import { useI18n } from '../i18n/I18nContext';

/** The languages stored locally (not deleted), by code; undefined while loading. */
export function useLanguages() {
  return useLiveQuery(async () => (await db.languages.toArray()).filter((l) => !l.deleted).sort((a, b) => compareKeys(a.id, b.id)), []);
}

const displayNames = new Map<string, Intl.DisplayNames | null>();
function namesIn(locale: string): Intl.DisplayNames | null {
  let names = displayNames.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' });
    } catch {
      names = null;
    }
    displayNames.set(locale, names);
  }
  return names;
}

/** The name of language `code` in the UI's `locale`: the browser's name for it, else the synced
 * row's name, else (a code nobody names) the code. */
export function languageName(code: string, locale: string, row?: Pick<Language, 'name'>): string {
  let named: string | undefined;
  try {
    named = namesIn(locale)?.of(code);
  } catch {
    named = undefined; // not a well-formed tag
  }
  return named && named.toLowerCase() !== code.toLowerCase() ? named : row?.name || code;
}

/** Languages sorted by their names in `locale`, each with that name. */
export function byName<L extends Pick<Language, 'id' | 'name'>>(languages: readonly L[], locale: string): (L & { label: string })[] {
  const collator = new Intl.Collator(locale);
  return languages.map((l) => ({ ...l, label: languageName(l.id, locale, l) })).sort((a, b) => collator.compare(a.label, b.label));
}

/** The synced languages sorted by name in the UI's language; undefined while loading. */
export function useLanguagesByName() {
  const { locale } = useI18n();
  const languages = useLanguages();
  return languages && byName(languages, locale);
}

/** The name of language `code` in the UI's language. */
export function useLanguageName(code: string): string {
  const { locale } = useI18n();
  const languages = useLanguages();
  return languageName(code, locale, languages?.find((l) => l.id === code));
}
