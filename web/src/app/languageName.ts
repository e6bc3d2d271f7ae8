// A language's name in the UI's language, without the database (the app bar's sync label names
// the language being downloaded, and must not load Dexie for it): Intl.DisplayNames, else the
// synced row's name, else the code.
import type { Language } from '../api/generated/types';

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
