// Locale choice (SPEC §4, §9): the 'locale' cookie (365 days, path /), then the browser's
// languages matched to the supported locales, then en-US. ar, fa and he are right-to-left.

export const SUPPORTED_LOCALES = ['en-US', 'ko-KR', 'ar', 'he', 'fa'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
export const RTL_LANGUAGES = ['ar', 'fa', 'he'] as const;
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_DAYS = 365;

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** 'rtl' for ar, fa, he (any region), else 'ltr'. */
export function localeDirection(locale: string): 'ltr' | 'rtl' {
  const lang = locale.split(/[-_]/)[0]?.toLowerCase() ?? '';
  return (RTL_LANGUAGES as readonly string[]).includes(lang) ? 'rtl' : 'ltr';
}

/**
 * The supported locale for a BCP 47 tag: an exact (case-insensitive) match first, then the first
 * supported locale with the same language. `undefined` when none fits.
 */
export function matchLocale(tag: string): Locale | undefined {
  const normalized = tag.trim().replace(/_/g, '-').toLowerCase();
  if (!normalized) return undefined;
  const exact = SUPPORTED_LOCALES.find((l) => l.toLowerCase() === normalized);
  if (exact) return exact;
  const lang = normalized.split('-')[0];
  return SUPPORTED_LOCALES.find((l) => l.toLowerCase().split('-')[0] === lang);
}

/** The value of a cookie in a `document.cookie` string. */
export function readCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The `document.cookie` assignment that stores the locale for 365 days on path /. */
export function localeCookie(locale: Locale): string {
  const maxAge = LOCALE_COOKIE_DAYS * 24 * 60 * 60;
  return `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

/** Cookie first, then the browser's languages in order, then en-US. */
export function pickLocale(cookieString: string, browserLanguages: readonly string[]): Locale {
  const fromCookie = readCookie(cookieString, LOCALE_COOKIE);
  if (fromCookie) {
    const matched = matchLocale(fromCookie);
    if (matched) return matched;
  }
  for (const tag of browserLanguages) {
    const matched = matchLocale(tag);
    if (matched) return matched;
  }
  return DEFAULT_LOCALE;
}

/** The browser's languages (navigator.languages, else navigator.language). */
export function browserLanguages(nav: Pick<Navigator, 'language' | 'languages'> | undefined): string[] {
  if (!nav) return [];
  if (nav.languages && nav.languages.length > 0) return [...nav.languages];
  return nav.language ? [nav.language] : [];
}
