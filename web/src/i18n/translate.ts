// Message lookup and formatting: `{name}` placeholders, and plural forms chosen by
// Intl.PluralRules from keys suffixed `_zero`, `_one`, `_two`, `_few`, `_many`, `_other`
// (when `count` is given). Missing keys fall back to English, then to the key itself.
// Text of one direction inside text of the other is isolated with Unicode's bidi controls (as
// MessageFormat 2 does for its placeholders), so neutral characters stay where they belong: an
// English fallback in a right-to-left locale otherwise reads '.done 0 of 20' for '0 of 20 done.',
// and a deck title in parentheses loses its last one to the other end.
import type enUS from './messages/en-US.json';
import { formatNumber } from './formatNumber';
import { localeDirection } from './locale';

type AllKeys = keyof typeof enUS;
type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** A message key; plural groups are addressed without their suffix. */
export type MessageKey = AllKeys extends infer K ? (K extends `${infer B}_${PluralSuffix}` ? B : K) : never;
export type MessageParams = Record<string, string | number>;
export type Messages = Readonly<Record<string, string>>;

type PluralSelect = Pick<Intl.PluralRules, 'select'>;

/** CLDR's plural rules of the UI's two complete languages, as Intl.PluralRules has them: the first
 * Intl.PluralRules of a page costs ~10 ms of locale data, on the first render's path. English: 'one'
 * for exactly ±1 (no fraction digits), else 'other'; Korean: always 'other'. */
const BUILT_IN_PLURALS: Record<string, PluralSelect> = {
  en: { select: (n) => (Math.abs(n) === 1 ? 'one' : 'other') },
  ko: { select: () => 'other' },
};

const pluralRulesCache = new Map<string, PluralSelect>();
/** The plural rules of `locale` (exported for tests). */
export function pluralRules(locale: string): PluralSelect {
  let rules = pluralRulesCache.get(locale) ?? BUILT_IN_PLURALS[locale.split('-')[0]!.toLowerCase()];
  if (!rules) {
    try {
      rules = new Intl.PluralRules(locale);
    } catch {
      rules = new Intl.PluralRules('en-US');
    }
    pluralRulesCache.set(locale, rules);
  }
  return rules;
}

function lookup(messages: Messages, key: string, count: number | undefined, locale: string): string | undefined {
  if (count !== undefined) {
    const exactZero = count === 0 ? messages[`${key}_zero`] : undefined;
    if (exactZero !== undefined) return exactZero;
    const form = messages[`${key}_${pluralRules(locale).select(count)}`] ?? messages[`${key}_other`];
    if (form !== undefined) return form;
  }
  return messages[key];
}

/** Left-to-right isolate, first-strong isolate (direction from the text's first letter), and the
 * pop that ends either (Unicode Bidirectional Algorithm, UAX #9). */
export const LRI = '\u2066';
export const FSI = '\u2068';
export const PDI = '\u2069';

/** Letters of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic
 * and their presentation forms). */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]|\ud802[\udc00-\udfff]|\ud83a[\udc00-\udfff]/;

function interpolate(template: string, params: MessageParams | undefined, locale: string, rtl: boolean): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    if (typeof value === 'number') return formatNumber(locale, value);
    // A value (a deck title, a path) takes its own direction where it might differ from the
    // message's: always in a right-to-left message, and when it has right-to-left letters.
    return rtl || RTL_LETTER.test(value) ? FSI + value + PDI : value;
  });
}

/** Looks `key` up in `messages`, then in `fallback` (English), and formats it. */
export function translate(
  messages: Messages,
  fallback: Messages,
  locale: string,
  key: MessageKey,
  params?: MessageParams,
): string {
  const count = typeof params?.count === 'number' ? params.count : undefined;
  const rtl = localeDirection(locale) === 'rtl';
  const own = lookup(messages, key, count, locale);
  if (own !== undefined) return interpolate(own, params, locale, rtl);
  const english = lookup(fallback, key, count, 'en-US');
  if (english === undefined) return interpolate(key, params, locale, rtl);
  const text = interpolate(english, params, 'en-US', false);
  // English in a right-to-left page reads left to right.
  return rtl ? LRI + text + PDI : text;
}
