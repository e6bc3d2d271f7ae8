// The admin entries list's filters and bulk edits as pure functions over rows (entryFilters.test.ts):
// in no deck, without reading, without stroke data for some character of the text; and what a
// bulk "add to deck" / "remove from deck" does to a deck's entry ids.
import type { Deck, Entry } from '../../api/generated/types';
import { decompose, vowelShape } from '../../characters/hangul';
import { entryGraphemes } from '../entries/characters';
import { LIMITS } from './entryForm';

export interface EntryFilters {
  noDeck: boolean;
  noReading: boolean;
  noCharacters: boolean;
}

export const NO_FILTERS: EntryFilters = { noDeck: false, noReading: false, noCharacters: false };

export const anyFilter = (f: EntryFilters) => f.noDeck || f.noReading || f.noCharacters;

/** Ids of the entries some live deck holds. */
export function entriesInDecks(decks: readonly Deck[]): Set<string> {
  const ids = new Set<string>();
  for (const d of decks) if (!d.deleted) for (const id of d.entryIds) ids.add(id);
  return ids;
}

/** Whether a grapheme can be written: stored with strokes (`stored` holds those values), else a
 * Hangul syllable whose jamo are stored (characters/lookup.ts composes it then). */
export function hasStrokeData(value: string, stored: ReadonlySet<string>): boolean {
  if (stored.has(value)) return true;
  const parts = decompose(value);
  if (!parts || !vowelShape(parts.vowel)) return false;
  return stored.has(parts.initial) && stored.has(parts.vowel) && (parts.last === null || stored.has(parts.last));
}

/** A checker of "some character of the text lacks stroke data", remembering each grapheme's answer
 * (50,000 entries share a few thousand graphemes). */
export function missingStrokesChecker(stored: ReadonlySet<string>): (text: string) => boolean {
  const known = new Map<string, boolean>();
  return (text) => {
    for (const g of entryGraphemes(text)) {
      let ok = known.get(g);
      if (ok === undefined) {
        ok = hasStrokeData(g, stored);
        known.set(g, ok);
      }
      if (!ok) return true;
    }
    return false;
  };
}

/** What the filters need beyond the rows; absent parts are loaded only when their filter is on. */
export interface FilterContext {
  inDecks?: ReadonlySet<string>;
  missingStrokes?: (text: string) => boolean;
}

/** Rows passing every filter that is on (a filter whose context is not loaded yet passes all). */
export function filterEntries(rows: readonly Entry[], f: EntryFilters, ctx: FilterContext): Entry[] {
  if (!anyFilter(f)) return rows as Entry[];
  return rows.filter(
    (e) =>
      (!f.noDeck || !ctx.inDecks || !ctx.inDecks.has(e.id)) &&
      (!f.noReading || e.reading.trim() === '') &&
      (!f.noCharacters || !ctx.missingStrokes || ctx.missingStrokes(e.text)),
  );
}

/** A deck's entry ids with `ids` appended (those already in it are kept where they are), capped
 * at the server's limit; `added` counts the new ones, `skipped` those past the limit. */
export function addToDeck(entryIds: readonly string[], ids: Iterable<string>): { entryIds: string[]; added: number; skipped: number } {
  const have = new Set(entryIds);
  const out = [...entryIds];
  let added = 0;
  let skipped = 0;
  for (const id of ids) {
    if (have.has(id)) continue;
    have.add(id);
    if (out.length >= LIMITS.deckEntries) {
      skipped++;
      continue;
    }
    out.push(id);
    added++;
  }
  return { entryIds: out, added, skipped };
}

/** A deck's entry ids without `ids`; `removed` counts those it held. */
export function removeFromDeck(entryIds: readonly string[], ids: ReadonlySet<string>): { entryIds: string[]; removed: number } {
  const out = entryIds.filter((id) => !ids.has(id));
  return { entryIds: out, removed: entryIds.length - out.length };
}
