// Short, locale-aware labels for intervals ("10 min", "4 days") and durations ("2:05"), built on
// Intl so no message keys are needed and every locale reads naturally.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const formats = new Map<string, Intl.NumberFormat>();
function unitFormat(locale: string, unit: string, fraction: boolean): Intl.NumberFormat {
  const key = `${locale}/${unit}/${fraction}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: fraction ? 1 : 0 });
    formats.set(key, f);
  }
  return f;
}

/** The time until a card is due again, rounded to the unit that reads best: minutes under an
 * hour, hours under a day, days under a month, then months and years. */
export function formatInterval(ms: number, locale: string): string {
  const t = Math.max(0, ms);
  if (t < HOUR) return unitFormat(locale, 'minute', false).format(Math.max(1, Math.round(t / MINUTE)));
  if (t < DAY) return unitFormat(locale, 'hour', false).format(Math.round(t / HOUR));
  const days = t / DAY;
  if (days < 30.5) return unitFormat(locale, 'day', false).format(Math.round(days));
  if (days < 365) return unitFormat(locale, 'month', true).format(Math.round((days / 30.4) * 10) / 10);
  return unitFormat(locale, 'year', true).format(Math.round((days / 365) * 10) / 10);
}

/** A session's length as m:ss (h:mm:ss past an hour). */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
