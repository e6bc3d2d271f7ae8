// The synced languages, for pickers and labels: its own module so a page that only names the
// language does not load the picker's select field. A language is shown by its name in the UI's
// language (Intl.DisplayNames, else the row's English name), never by its code, and lists of
// languages are sorted by that name.
import { useLiveQuery } from 'dexie-react-hooks';
import type { Language } from '../api/generated/types';
import { db } from '../db/db';
import { compareKeys } from '../db/order';
import { useI18n } from '../i18n/I18nContext';
import { languageName } from './languageName';

/** The languages stored locally (not deleted), by code; undefined while loading. */
export function useLanguages() {
  return useLiveQuery(async () => (await db.languages.toArray()).filter((l) => !l.deleted).sort((a, b) => compareKeys(a.id, b.id)), []);
}

export { languageName };

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
