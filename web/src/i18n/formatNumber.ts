// Number formatting for the UI's locale, without building an Intl formatter for the common case.

/** Locales whose integers from -999 to 999 read as plain ASCII digits in CLDR (Latin digits, no
 * grouping, hyphen-minus): for these the counts on a page need no Intl.NumberFormat, whose first
 * construction loads locale data (about 20 ms on a phone-class CPU, on the first page's render). */
const PLAIN_SMALL_INTEGERS = /^(en|ko)(-|$)/;

/** A number formatter for `locale`; the Intl formatter is built on first need. */
export function numberFormatter(locale: string): (n: number) => string {
  let intl: Intl.NumberFormat | undefined;
  const plain = PLAIN_SMALL_INTEGERS.test(locale);
  return (n) => {
    if (plain && Number.isInteger(n) && n > -1000 && n < 1000 && !Object.is(n, -0)) return String(n);
    return (intl ??= new Intl.NumberFormat(locale)).format(n);
  };
}

const formatters = new Map<string, (n: number) => string>();

/** `n` formatted for `locale` (one formatter per locale, kept). */
export function formatNumber(locale: string, n: number): string {
  let format = formatters.get(locale);
  if (!format) formatters.set(locale, (format = numberFormatter(locale)));
  return format(n);
}

/** A size in bytes for `locale`, in kB or MB (decimal units, as storage is reported), one decimal
 * at most: "14.2 MB". */
export function formatBytes(locale: string, bytes: number): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(bytes, 0) / 1_000, 'kilobyte'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: value < 10 ? 1 : 0 }).format(value);
}
