// The one home of how a language is named on screen: by its name in the UI's language
// (Intl.DisplayNames), else the name the server gives (its own name first, which its learners
// read whatever the UI's language), never by its code when anything names it; and lists of
// languages sorted by that name (Intl.Collator). Pure and without the database, so the app bar's
// sync label can name a language without loading Dexie (languageName.test.ts).
import type { Language } from '../api/generated/types';

/** What a synced language row adds to the browser's names. */
export type NamedRow = Partial<Pick<Language, 'name' | 'nativeName'>>;

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
 * row's own name, else its English name, else (a code nobody names) the code. */
export function languageName(code: string, locale: string, row?: NamedRow): string {
  let named: string | undefined;
  try {
    named = namesIn(locale)?.of(code);
  } catch {
    named = undefined; // not a well-formed tag
  }
  return named && named.toLowerCase() !== code.toLowerCase() ? named : row?.nativeName || row?.name || code;
}

/** The name in the UI's language and, when it differs, the language's own ("Korean · 한국어"):
 * where a curator picks among languages. */
export function languageLabel(code: string, locale: string, row?: NamedRow): string {
  const name = languageName(code, locale, row);
  const own = row?.nativeName;
  return own && own !== name ? `${name} · ${own}` : name;
}

/** Compares names as the UI's language sorts them. */
function collatorOf(locale: string): Intl.Collator {
  try {
    return new Intl.Collator(locale);
  } catch {
    return new Intl.Collator();
  }
}

/** Languages sorted by their names in `locale`, each with that name as `label`. */
export function byName<L extends { id: string } & NamedRow>(languages: readonly L[], locale: string): (L & { label: string })[] {
  const collator = collatorOf(locale);
  return languages.map((l) => ({ ...l, label: languageName(l.id, locale, l) })).sort((a, b) => collator.compare(a.label, b.label) || (a.id < b.id ? -1 : 1));
}

/** Language codes sorted by their names in `locale`. */
export function codesByName(codes: readonly string[], locale: string, rows?: ReadonlyMap<string, NamedRow>): string[] {
  return byName(codes.map((id) => ({ id, ...rows?.get(id) })), locale).map((l) => l.id);
}
