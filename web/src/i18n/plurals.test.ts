// Counts read right: no English message puts a number before a word that changes with it ("1
// hints", "1 days") unless the message is a plural group; and the groups fixed for issue 25 say
// "1 second", "1 entry", "1 row" in English and their own forms in Hebrew and Arabic.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import enUS from './messages/en-US.json';
import { translate } from './translate';

const load = (locale: string) => JSON.parse(readFileSync(join(__dirname, 'messages', `${locale}.json`), 'utf8')) as Record<string, string>;
const en = enUS as Record<string, string>;
const isPluralForm = (key: string) => /_(zero|one|two|few|many|other)$/.test(key);

/** Placeholders that never hold a count of the noun after them: names, text, codes, positions,
 * the formatted number of a group whose `count` picks the form, and the app's limits (`max`,
 * `min`: constants in the hundreds, never 1). */
const NOT_COUNTS = new Set(['text', 'name', 'email', 'language', 'code', 'grid', 'direction', 'title', 'deck', 'entry', 'index', 'done', 'started', 'format', 'kib', 'reviews', 'now', 'max', 'min']);

describe('English counts', () => {
  it('has no number before a plural noun outside a plural group', () => {
    const offending = Object.entries(en)
      .filter(([key]) => !isPluralForm(key))
      .flatMap(([key, text]) =>
        [...text.matchAll(/\{(\w+)\}\)? ([a-z]+)/g)]
          // "{n} of", "{text} is": not a noun counted by the number before it.
          .filter(([, name, word]) => !NOT_COUNTS.has(name!) && /[^s]s$|ies$/.test(word!) && !['is', 'was', 'has', 'does'].includes(word!))
          .map(([match]) => `${key}: ${match}`),
      );
    expect(offending).toEqual([]);
  });

  it.each([
    ['auth.retryAfter', { count: 1 }, 'Try again in 1 second.'],
    ['auth.retryAfter', { count: 30 }, 'Try again in 30 seconds.'],
    ['deckPage.started', { started: 0, count: 1 }, '0 of 1 entry started'],
    ['deckPage.started', { started: 1, count: 40 }, '1 of 40 entries started'],
    ['transfer.previewOf', { count: 1, format: 'CSV' }, '1 row (CSV):'],
    ['stats.workloadNow', { count: 1, reviews: '1' }, 'About 1 review a day in this deck over the next 30 days.'],
    ['stats.workloadNow', { count: 1.5, reviews: '1.5' }, 'About 1.5 reviews a day in this deck over the next 30 days.'],
    ['stats.heatmapSummary', { count: 1, days: 1 }, '1 review in the last six months (days with reviews: 1)'],
    ['home.streakDays', { count: 1 }, '1 day'],
    ['writing.correctedStrokes', { count: 1, strokes: '2' }, 'Stroke 2 corrected.'],
    ['writing.correctedStrokes', { count: 2, strokes: '1, 3' }, 'Strokes 1, 3 corrected.'],
  ] as const)('%s %j → %s', (key, params, text) => {
    expect(translate(en, en, 'en-US', key, params)).toBe(text);
  });
});

describe('other locales', () => {
  it('says one and two in Hebrew words, and keeps the count in Arabic', () => {
    const he = load('he');
    expect(translate(he, en, 'he', 'auth.retryAfter', { count: 1 })).toBe('אפשר לנסות שוב בעוד שנייה.');
    expect(translate(he, en, 'he', 'auth.retryAfter', { count: 2 })).toBe('אפשר לנסות שוב בעוד שתי שניות.');
    expect(translate(he, en, 'he', 'auth.retryAfter', { count: 5 })).toContain('5');
    const ar = load('ar');
    for (const count of [0, 1, 2, 3, 11, 100]) expect(translate(ar, en, 'ar', 'auth.retryAfter', { count })).toMatch(/\d/);
  });
});
