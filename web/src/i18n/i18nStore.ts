// The current locale and its messages: picked on start (cookie, browser, en-US), loaded on demand,
// switched without a full reload; keeps <html lang dir> in sync. English, the fallback for any
// missing message and for a failed load (SPEC §8 'Failed loading locale ({code})'), is a chunk of
// the app loaded before the first render (precached for offline use), not part of the first
// chunk: it grows with every feature.
import {
  DEFAULT_LOCALE,
  browserLanguages,
  localeCookie,
  localeDirection,
  pickLocale,
  type Locale,
} from './locale';
import { LocaleLoadError, loadMessages, type Messages } from './messagesLoader';

let english: Messages = {};
let englishLoad: Promise<Messages> | undefined;

/** The English messages (empty until loadEnglish has resolved). */
export function englishMessages(): Messages {
  return english;
}

/** Loads the English messages (once). */
export function loadEnglish(): Promise<Messages> {
  englishLoad ??= import('./messages/en-US.json').then((m) => (english = m.default as Messages));
  return englishLoad;
}

export interface I18nState {
  /** The locale in effect (en-US after a failed load). */
  locale: Locale;
  dir: 'ltr' | 'rtl';
  messages: Messages;
  /** False until the first locale's messages are in. */
  ready: boolean;
  /** Whether a switch is in flight. */
  loading: boolean;
  /** The locale code that failed to load, if the last load failed. */
  failedLocale?: string;
}

export interface I18nEnv {
  document?: Document;
  navigator?: Pick<Navigator, 'language' | 'languages'>;
  storage?: Storage;
  fetch?: (url: string) => Promise<Response>;
  /** Locale → messages URL (from `virtual:i18n-messages`, made by ./vitePlugin.ts). */
  urls: Readonly<Record<string, string>>;
  /** Awaited, alongside the messages, before a locale of this direction takes effect (the app
   * loads its right-to-left styles, app/rtlStyles.ts); a failure does not hold the locale back. */
  prepare?: (dir: 'ltr' | 'rtl') => Promise<unknown> | undefined;
}

export function createI18nStore(env: I18nEnv) {
  const doc = env.document;
  const initial = pickLocale(doc?.cookie ?? '', browserLanguages(env.navigator));
  let state: I18nState = {
    locale: DEFAULT_LOCALE,
    dir: 'ltr',
    messages: english,
    ready: false,
    loading: false,
  };
  const listeners = new Set<() => void>();
  let generation = 0;

  const set = (next: I18nState) => {
    state = next;
    if (doc) {
      doc.documentElement.lang = next.locale;
      doc.documentElement.dir = next.dir;
    }
    listeners.forEach((l) => l());
  };

  const load = async (locale: Locale): Promise<void> => {
    const mine = ++generation;
    // The locale's messages load while the English ones (the fallback) do, not after them; the
    // outcome is held so a failure meanwhile is not an unhandled rejection.
    const wanted =
      locale === DEFAULT_LOCALE
        ? undefined
        : loadMessages(locale, { urls: env.urls, fetch: env.fetch ?? ((url) => fetch(url)), storage: env.storage }).then(
            (messages) => ({ messages }),
            (error: unknown) => ({ error }),
          );
    const prepared = wanted ? env.prepare?.(localeDirection(locale))?.catch(() => undefined) : undefined;
    const fallback = await loadEnglish();
    if (mine !== generation) return;
    if (!wanted) {
      set({ locale, dir: 'ltr', messages: fallback, ready: true, loading: false });
      return;
    }
    set({ ...state, loading: true, failedLocale: undefined });
    try {
      const outcome = await wanted;
      if ('error' in outcome) throw outcome.error;
      const { messages } = outcome;
      await prepared;
      if (mine !== generation) return;
      set({ locale, dir: localeDirection(locale), messages, ready: true, loading: false });
    } catch (error) {
      if (mine !== generation) return;
      const code = error instanceof LocaleLoadError ? error.locale : locale;
      console.error(error);
      set({
        locale: DEFAULT_LOCALE,
        dir: 'ltr',
        messages: fallback,
        ready: true,
        loading: false,
        failedLocale: code,
      });
    }
  };

  set(state);

  return {
    initialLocale: initial,
    getState: (): I18nState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Loads the locale picked on start. */
    init: (): Promise<void> => load(initial),
    /** Stores the choice in the cookie and switches to it. */
    setLocale(locale: Locale): Promise<void> {
      if (doc) doc.cookie = localeCookie(locale);
      return load(locale);
    },
    /** Forgets a shown load failure. */
    dismissError(): void {
      if (state.failedLocale) set({ ...state, failedLocale: undefined });
    },
  };
}

export type I18nStore = ReturnType<typeof createI18nStore>;
