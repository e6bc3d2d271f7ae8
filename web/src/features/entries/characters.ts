// The characters of an entry's text with their stroke counts: each distinct grapheme that is a
// letter, looked up stored-first, a Hangul syllable composed from its jamo (characters/lookup.ts).
import { useMemo } from 'react';
import type { Entry } from '../../api/generated/types';
import { useCharacterStrokesByValue } from '../../db/read/characters';

/** One character of an entry: its stroke count, null when there is no stroke data for it. */
export interface EntryCharacter {
  value: string;
  strokes: number | null;
  /** Composed from jamo rather than stored. */
  composed: boolean;
}

/** Distinct graphemes of `text` that are letters (spaces, digits and punctuation are not
 * written on the canvas), in order of first appearance. */
export function entryGraphemes(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const segments =
    typeof Intl.Segmenter === 'function'
      ? Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text.normalize('NFC')), (s) => s.segment)
      : Array.from(text.normalize('NFC'));
  for (const g of segments) {
    if (!/\p{L}/u.test(g) || seen.has(g)) continue;
    seen.add(g);
    out.push(g);
  }
  return out;
}

/** The entry's characters with stroke counts, read from the local database. */
export function useEntryCharacters(entry: Entry | null | undefined): EntryCharacter[] | undefined {
  const text = entry?.text;
  const values = useMemo(() => (text === undefined ? [] : entryGraphemes(text)), [text]);
  const read = useCharacterStrokesByValue(entry?.languageCode ?? '', values);
  return useMemo(
    () => read?.map(({ value, found }): EntryCharacter => ({ value, strokes: found ? found.strokes.length : null, composed: !!found && found.stored === null })),
    [read],
  );
}
