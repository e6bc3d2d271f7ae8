// Date and time formatting for the UI's locale: one Intl formatter per locale, kept, built on first
// use. The first Intl date formatter a page builds loads ICU's locale data: 20-45 ms here, four
// times that on a phone-class CPU. That data is shared by all the page's threads, so the sync
// worker loads it while it waits for its first page (warmDateTimeData); built after that, the
// app's formatter takes about 1 ms, in the render that first shows a time (the sync indicator's,
// at the end of the first sync).

const OPTIONS: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string): Intl.DateTimeFormat {
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.DateTimeFormat(locale, OPTIONS)));
  return format;
}

/** `ms` (epoch milliseconds) as a medium date and short time for `locale`. */
export function formatDateTime(locale: string, ms: number): string {
  return dateTimeFormat(locale).format(new Date(ms));
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** `ms` as a short time of day for `locale` ("14:32", "2:32 PM"): when a card comes back today. */
export function formatTime(locale: string, ms: number): string {
  let format = timeFormats.get(locale);
  if (!format) timeFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { timeStyle: 'short' })));
  return format.format(new Date(ms));
}

/** Loads the page's date-time locale data by building (and dropping) a formatter for this thread's
 * default locale: called in a worker, it spares the main thread that task. Never throws. */
export function warmDateTimeData(): void {
  try {
    new Intl.DateTimeFormat(undefined, OPTIONS).format(0);
  } catch {
    // no Intl: nothing to load
  }
}
