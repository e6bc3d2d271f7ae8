// How the admin pages name a language: its name, and its own name when that differs.
import type { Language } from '../../api/generated/types';

export function languageLabel(language: Language | null | undefined, code: string): string {
  if (!language) return code;
  return language.nativeName && language.nativeName !== language.name ? `${language.name} · ${language.nativeName}` : language.name;
}
