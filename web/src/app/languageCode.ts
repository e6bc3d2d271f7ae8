// The language being studied (SPEC §4): the build-time VITE_LANGUAGE_CODE when set (choice not
// allowed); otherwise the stored preference ('languageCode' in local storage), default 'ko'. The
// preference is saved on change only when choice is allowed.
import { useSyncExternalStore } from 'react';
import { safeLocalStorage } from './safeLocalStorage';

export const DEFAULT_LANGUAGE_CODE = 'ko';
export const LANGUAGE_CODE_STORAGE_KEY = 'languageCode';
/** SPEC language codes: 'ko', 'zh', 'pt-br' and the like. */
export const LANGUAGE_CODE_PATTERN = /^[a-z]{2,3}(-[a-z0-9]+)*$/;

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** The configured code, normalised ('' when unset or invalid). */
export function configuredLanguageCode(raw: unknown): string {
  const value = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  return LANGUAGE_CODE_PATTERN.test(value) ? value : '';
}

export function isLanguageChoiceAllowed(configured: string): boolean {
  return configured === '';
}

export function initialLanguageCode(configured: string, storage: StorageLike | undefined): string {
  if (!isLanguageChoiceAllowed(configured)) return configured;
  try {
    const stored = storage?.getItem(LANGUAGE_CODE_STORAGE_KEY);
    if (stored && LANGUAGE_CODE_PATTERN.test(stored)) return stored;
  } catch {
    /* storage unavailable */
  }
  return DEFAULT_LANGUAGE_CODE;
}

export function createLanguageCodeStore(env: { configured: string; storage?: StorageLike }) {
  const allowed = isLanguageChoiceAllowed(env.configured);
  let code = initialLanguageCode(env.configured, env.storage);
  const listeners = new Set<() => void>();
  return {
    allowed,
    get: (): string => code,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Changes the code; ignored (returns false) when choice is not allowed or the code is invalid. */
    set(next: string): boolean {
      if (!allowed || !LANGUAGE_CODE_PATTERN.test(next)) return false;
      if (next !== code) {
        code = next;
        try {
          env.storage?.setItem(LANGUAGE_CODE_STORAGE_KEY, next);
        } catch {
          /* not persisted */
        }
        listeners.forEach((l) => l());
      }
      return true;
    },
  };
}

export type LanguageCodeStore = ReturnType<typeof createLanguageCodeStore>;

/** The app's language code store. */
export const languageCodeStore = createLanguageCodeStore({
  configured: configuredLanguageCode(import.meta.env.VITE_LANGUAGE_CODE),
  storage: safeLocalStorage(),
});

/** The current language code, whether it may be changed, and its setter. */
export function useLanguageCode(): { languageCode: string; allowed: boolean; setLanguageCode: (code: string) => boolean } {
  const languageCode = useSyncExternalStore(languageCodeStore.subscribe, languageCodeStore.get);
  return { languageCode, allowed: languageCodeStore.allowed, setLanguageCode: languageCodeStore.set };
}
