// Which strokes a learner writes for a character: the stored row first (an admin-saved syllable
// overrides the composed one), else, for a Hangul syllable block, one composed from the stored
// jamo (hangul.ts). Pure over a `find` function; `loadCharacter` binds it to IndexedDB.
import type { Character, Stroke } from '../api/generated/types';
import type { WriteItDb } from '../db/db';
import { COMPOSED_SOURCE, composeSyllable, decompose } from './hangul';

/** Stroke data to write, and whether it was composed rather than stored. */
export interface CharacterStrokes {
  value: string;
  languageCode: string;
  strokes: Stroke[];
  source: string;
  /** The stored row, when there is one. */
  stored: Character | null;
}

/** Finds the live stored character of a language by value. */
export type FindCharacter = (languageCode: string, value: string) => Character | undefined;

/** The stored character, else a composed Hangul syllable, else null. */
export function resolveCharacter(
  languageCode: string,
  value: string,
  find: FindCharacter,
): CharacterStrokes | null {
  const stored = find(languageCode, value);
  if (stored && !stored.deleted && stored.strokes.length > 0) {
    return { value, languageCode, strokes: stored.strokes, source: stored.source, stored };
  }
  if (!decompose(value)) return null;
  const strokes = composeSyllable(value, (j) => {
    const c = find(languageCode, j);
    return c && !c.deleted ? c.strokes : undefined;
  });
  return strokes ? { value, languageCode, strokes, source: COMPOSED_SOURCE, stored: null } : null;
}

/** `resolveCharacter` over the local database: reads the value and, for a syllable, its jamo. */
export async function loadCharacter(
  db: WriteItDb,
  languageCode: string,
  value: string,
): Promise<CharacterStrokes | null> {
  const parts = decompose(value);
  const values = parts ? [value, parts.initial, parts.vowel, ...(parts.last ? [parts.last] : [])] : [value];
  const rows = await db.characters.where('value').anyOf(values).toArray();
  const byValue = new Map(
    rows.filter((c) => c.languageCode === languageCode && !c.deleted).map((c) => [c.value, c]),
  );
  return resolveCharacter(languageCode, value, (_lang, v) => byValue.get(v));
}
