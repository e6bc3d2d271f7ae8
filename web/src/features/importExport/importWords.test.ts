import { describe, expect, it } from 'vitest';
import type { ImportDone, ImportRowProblem } from '../../api/generated/types';
import enUS from '../../i18n/messages/en-US.json';
import { translate } from '../../i18n/translate';
import { resultSentences, rowSentence, type Sentence } from './importWords';

const en = enUS as Record<string, string>;
const say = (s: Sentence) => translate(en, en, 'en-US', s.key, s.values);

function done(d: Partial<ImportDone>): ImportDone {
  return { deckId: 'd', deckTitle: 'Words', deckCreated: true, deckEntries: 0, added: 0, entries: 0, reused: 0, skipped: 0, ms: 1, warnings: [], ...d };
}

describe('the result of an import, in words', () => {
  it.each([
    // Issue 37: a new deck of words the language had read as "Imported 0 entries".
    [done({ deckEntries: 3, added: 3, reused: 3 }), 'Created the deck “Words” with 3 entries. 3 entries were already in this language and are left as they were.'],
    [done({ deckEntries: 3000, added: 3000, entries: 3000 }), 'Created the deck “Words” with 3,000 entries.'],
    [done({ deckEntries: 1, added: 1, entries: 1, skipped: 2 }), 'Created the deck “Words” with 1 entry. 2 blank rows were skipped.'],
    [done({ deckEntries: 4, added: 3, entries: 2, reused: 2 }), 'Created the deck “Words” with 4 entries. 2 entries are new. 2 entries were already in this language and are left as they were. 1 row named an entry the deck already lists.'],
    [
      done({ deckCreated: false, deckEntries: 25, added: 5, entries: 3, reused: 3, skipped: 1 }),
      'Added 5 entries to the deck “Words”, which now has 25. 3 entries are new. 3 entries were already in this language and are left as they were. 1 row named an entry the deck already lists. 1 blank row was skipped.',
    ],
    [done({ deckCreated: false, deckEntries: 4, added: 1, entries: 1 }), 'Added 1 entry to the deck “Words”, which now has 4. 1 entry is new.'],
    [done({ deckCreated: false, deckEntries: 4, reused: 2 }), 'Added 0 entries to the deck “Words”, which now has 4. 2 entries were already in this language and are left as they were. 2 rows named entries the deck already lists.'],
  ])('%j', (d, text) => {
    expect(resultSentences(d).map(say).join(' ')).toBe(text);
  });
});

describe('a refused row, in words', () => {
  const row = (r: Partial<ImportRowProblem>): ImportRowProblem => ({ line: 4, column: 'Hangul', field: 'text', reason: 'required', limit: null, message: '', ...r });
  it.each([
    [row({}), 'Line 4, column “Hangul”: Required.'],
    [row({ line: 12002, reason: 'tooLong', limit: 200 }), 'Line 12002, column “Hangul”: At most 200 characters.'],
    [row({ column: 'English', field: 'meanings', reason: 'tooMany', limit: 20 }), 'Line 4, column “English”: At most 20 items.'],
    [row({ column: 'Audio', field: 'audioUrl', reason: 'invalidFormat' }), 'Line 4, column “Audio”: An https:// address, or an audio file of this app (/media/…).'],
    [row({ field: 'notes', reason: 'invalidFormat' }), 'Line 4, column “Hangul”: Must not contain NUL characters.'],
    [row({ field: null, reason: 'invalidFormat' }), 'Line 4, column “Hangul”: Not UTF-8 text: save the file as UTF-8 and import it again.'],
    [row({ column: null, reason: 'outOfRange' }), 'Line 4: Not accepted.'],
  ])('%j', (r, text) => {
    const s = rowSentence(r);
    expect(translate(en, en, 'en-US', s.key, { ...s.values, reason: say(s.reason) })).toBe(text);
  });
});
