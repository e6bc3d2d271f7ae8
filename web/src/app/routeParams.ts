// Route parameter validation: an invalid deckId, entryId, characterId (UUIDs) or languageCode is
// a fatal 404 'Page Not Found: {fullPath}'.
import type { Params } from 'react-router';
import { LANGUAGE_CODE_PATTERN } from './languageCode';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const VALIDATORS: Record<string, (value: string) => boolean> = {
  deckId: (v) => UUID_PATTERN.test(v),
  entryId: (v) => UUID_PATTERN.test(v),
  characterId: (v) => UUID_PATTERN.test(v),
  languageCode: (v) => LANGUAGE_CODE_PATTERN.test(v),
};

/** Whether every known parameter is valid (unknown ones pass). */
export function validParams(params: Params): boolean {
  return Object.entries(params).every(([name, value]) => {
    const check = VALIDATORS[name];
    return !check || (value !== undefined && check(value));
  });
}
