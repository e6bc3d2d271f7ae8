// Reads of the characters table: a language's characters, one character row, and the strokes a
// learner writes for some values (stored first, else composed from jamo: characters/lookup.ts).
import { useLiveQuery } from 'dexie-react-hooks';
import type { Character } from '../../api/generated/types';
import { loadCharacter, type CharacterStrokes } from '../../characters/lookup';
import { db } from '../db';
import { isLive } from './live';

/** A language's characters, tombstones left out. */
export function useCharactersOfLanguage(languageCode: string): Character[] | undefined {
  return useLiveQuery(async () => (await db.characters.where('languageCode').equals(languageCode).toArray()).filter(isLive), [languageCode]);
}

/** One character row as stored, tombstone or not (`row` undefined: not stored), for its editor. */
export function useCharacterRow(id: string): { row: Character | undefined } | undefined {
  return useLiveQuery(async () => ({ row: await db.characters.get(id) }), [id]);
}

/** The values of a language's live characters that have strokes (none read until `enabled`). */
export function useValuesWithStrokes(languageCode: string, enabled: boolean): Set<string> | undefined {
  return useLiveQuery(async () => {
    if (!enabled) return undefined;
    const stored = new Set<string>();
    await db.characters.where('languageCode').equals(languageCode).each((c) => {
      if (isLive(c) && c.strokes.length > 0) stored.add(c.value);
    });
    return stored;
  }, [languageCode, enabled]);
}

/** The strokes to write for one value (null: none known). */
export function readCharacterStrokes(languageCode: string, value: string): Promise<CharacterStrokes | null> {
  return loadCharacter(db, languageCode, value);
}

/** Strokes for each of `values` (null: none known), live: a first sync still bringing the
 * characters in updates whoever shows them. */
export function useCharacterStrokes(languageCode: string, values: readonly string[]): (CharacterStrokes | null)[] | undefined {
  return useLiveQuery(() => Promise.all(values.map((v) => loadCharacter(db, languageCode, v))), [languageCode, values]);
}

/** `useCharacterStrokes` with each answer beside its value, so a caller never pairs the answer
 * for the previous values with the new ones while the query runs again. */
export function useCharacterStrokesByValue(
  languageCode: string,
  values: readonly string[],
): { value: string; found: CharacterStrokes | null }[] | undefined {
  return useLiveQuery(
    () => Promise.all(values.map(async (value) => ({ value, found: await loadCharacter(db, languageCode, value) }))),
    [languageCode, values],
  );
}
