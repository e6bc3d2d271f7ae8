// The synced languages, for pickers and labels: its own module so a page that only names the
// language does not load the picker's select field. How a language is named and sorted is
// languageName.ts; this reads the rows it names them from.
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db/db';
import { compareKeys } from '../db/order';
import { useI18n } from '../i18n/I18nContext';
import { byName, languageLabel, languageName } from './languageName';

/** The languages stored locally (not deleted), by code; undefined while loading. */
export function useLanguages() {
  return useLiveQuery(async () => (await db.languages.toArray()).filter((l) => !l.deleted).sort((a, b) => compareKeys(a.id, b.id)), []);
}

export { byName, languageLabel, languageName };

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

/** A function naming any language in the UI's language (for lists of rows of several). */
export function useLanguageNamer(): (code: string) => string {
  const { locale } = useI18n();
  const languages = useLanguages();
  return (code) => languageName(code, locale, languages?.find((l) => l.id === code));
}
