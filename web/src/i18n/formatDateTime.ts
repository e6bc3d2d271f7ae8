// Date and time formatting for the UI's locale: one Intl formatter per locale, kept. Building the
// first one loads the locale's calendar data (15-25 ms here, four times that on a phone-class
// CPU), so the app builds it ahead, in an idle moment after its first render, instead of inside
// the render that first shows a time (the sync indicator's, at the end of the first sync).

const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string): Intl.DateTimeFormat {
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })));
  return format;
}

/** `ms` (epoch milliseconds) as a medium date and short time for `locale`. */
export function formatDateTime(locale: string, ms: number): string {
  return dateTimeFormat(locale).format(new Date(ms));
}

/** Builds the formatter for `locale` when the browser is next idle (at the latest after
 * `timeoutMs`); a no-op once built. */
export function prepareDateTimeFormat(locale: string, timeoutMs = 5000): void {
  if (formats.has(locale)) return;
  const build = () => void dateTimeFormat(locale);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(build, { timeout: timeoutMs });
  else setTimeout(build, 0);
}
