// The synced languages, for pickers and labels: its own module so a page that only names the
// language does not load the picker's select field.
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db/db';
import { compareKeys } from '../db/order';

/** The languages stored locally (not deleted), by code; undefined while loading. */
export function useLanguages() {
  return useLiveQuery(async () => (await db.languages.toArray()).filter((l) => !l.deleted).sort((a, b) => compareKeys(a.id, b.id)), []);
}
