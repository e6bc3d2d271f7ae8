// Which strokes a learner writes for a character: the stored row of the entry's language first (an
// admin-saved syllable overrides the composed one), else, for a Hangul syllable block, one
// composed from the stored jamo (hangul.ts), else another language's row of the same value (a
// kanji stored under `zh` for a Japanese entry: the server sends those along, docs/sync.md).
// Pure over `find` functions; `loadCharacter` binds them to IndexedDB.
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
/** Finds a live stored character of the value in any other language. */
export type BorrowCharacter = (value: string) => Character | undefined;

const hasStrokes = (c: Character | undefined): c is Character => !!c && !c.deleted && c.strokes.length > 0;

/** The stored character, else a composed Hangul syllable, else another language's, else null. */
export function resolveCharacter(
  languageCode: string,
  value: string,
  find: FindCharacter,
  borrow: BorrowCharacter = () => undefined,
): CharacterStrokes | null {
  const stored = find(languageCode, value);
  if (hasStrokes(stored)) return { value, languageCode, strokes: stored.strokes, source: stored.source, stored };
  const strokes = decompose(value)
    ? composeSyllable(value, (j) => {
        const c = find(languageCode, j);
        return c && !c.deleted ? c.strokes : undefined;
      })
    : null;
  if (strokes) return { value, languageCode, strokes, source: COMPOSED_SOURCE, stored: null };
  const borrowed = borrow(value);
  return hasStrokes(borrowed) ? { value, languageCode, strokes: borrowed.strokes, source: borrowed.source, stored: borrowed } : null;
}

/** `resolveCharacter` over the local database: reads the value and, for a syllable, its jamo. */
export async function loadCharacter(
  db: WriteItDb,
  languageCode: string,
  value: string,
): Promise<CharacterStrokes | null> {
  const parts = decompose(value);
  const values = parts ? [value, parts.initial, parts.vowel, ...(parts.last ? [parts.last] : [])] : [value];
  const rows = (await db.characters.where('value').anyOf(values).toArray()).filter((c) => !c.deleted);
  const byValue = new Map(rows.filter((c) => c.languageCode === languageCode).map((c) => [c.value, c]));
  // Another language's row, the same one whatever the order they were stored in.
  const others = rows
    .filter((c) => c.languageCode !== languageCode && c.value === value && c.strokes.length > 0)
    .sort((a, b) => a.languageCode.localeCompare(b.languageCode));
  return resolveCharacter(languageCode, value, (_lang, v) => byValue.get(v), () => others[0]);
}
