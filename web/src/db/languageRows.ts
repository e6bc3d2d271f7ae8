// The local rows of each language (db/languages.ts has the rules): which languages the learner
// follows decks in, the space each language takes, and dropping a language's decks, entries and
// characters (but rows a pending change holds, and characters a kept language's entries write).
import Dexie from 'dexie';
import type { Entry } from '../api/generated/types';
import type { WriteItDb } from './db';
import { rowId } from './ledger';
import { heldRows } from './outbox';
import { dropsRow, usedBy } from './languages';

/** The languages of the learner's live followed decks (the server fills UserDeck.languageCode; a
 * row without it takes the local deck's). */
export async function followedLanguages(db: WriteItDb): Promise<string[]> {
  const out = new Set<string>();
  for (const ud of await db.userDecks.toArray()) {
    if (ud.deleted) continue;
    const code = ud.languageCode ?? (await db.decks.get(ud.deckId))?.languageCode;
    if (code) out.add(code);
  }
  return [...out].sort();
}

/** Every language that has rows here (decks, entries or characters). */
export async function languagesWithRows(db: WriteItDb): Promise<string[]> {
  const codes = new Set<string>();
  for (const key of (await db.characters.orderBy('languageCode').uniqueKeys()) as string[]) codes.add(key);
  // Decks and entries are indexed by [languageCode+…]: their first parts are the languages.
  for (const tbl of [db.decks, db.entries]) {
    for (const key of (await tbl.orderBy(tbl === db.decks ? '[languageCode+position]' : '[languageCode+text]').uniqueKeys()) as unknown[]) {
      if (Array.isArray(key) && typeof key[0] === 'string') codes.add(key[0]);
    }
  }
  return [...codes].sort();
}

/** The decks or entries of one language, through their compound index's first part. */
function ofLanguage(db: WriteItDb, table: 'decks' | 'entries', code: string) {
  const index = table === 'decks' ? '[languageCode+position]' : '[languageCode+text]';
  return db.table(table).where(index).between([code, Dexie.minKey], [code, Dexie.maxKey]);
}

/** Rows and bytes (their JSON, as on the wire) of one language's decks, entries and characters. */
export async function languageSize(db: WriteItDb, code: string): Promise<{ rows: number; bytes: number }> {
  let rows = 0;
  let bytes = 0;
  const add = (row: unknown) => {
    rows++;
    bytes += JSON.stringify(row).length;
  };
  await ofLanguage(db, 'decks', code).each(add);
  await ofLanguage(db, 'entries', code).each(add);
  await db.characters.where('languageCode').equals(code).each(add);
  return { rows, bytes };
}

/** Deletes the decks, entries and characters of `drop` (and the characters of any language not in
 * `keep`), but rows a pending change holds and characters an entry of `keep` writes; in one
 * transaction. Resolves with the rows deleted. */
export async function dropLanguageRows(db: WriteItDb, drop: readonly string[], keep: readonly string[]): Promise<number> {
  if (drop.length === 0) return 0;
  return db.transaction('rw', [db.decks, db.entries, db.characters, db.outbox], async () => {
    const held = await heldRows(db);
    const isHeld = (table: 'decks' | 'entries' | 'characters', key: string) => held.has(rowId(table, key));
    const texts: string[] = [];
    for (const code of keep) {
      await ofLanguage(db, 'entries', code).each((e: Entry) => void texts.push(e.text));
    }
    const used = usedBy(texts);
    let deleted = 0;
    for (const code of drop) {
      const deckIds = ((await ofLanguage(db, 'decks', code).primaryKeys()) as string[]).filter((id) =>
        dropsRow({ table: 'decks', key: id }, isHeld, used),
      );
      const entryIds = ((await ofLanguage(db, 'entries', code).primaryKeys()) as string[]).filter((id) =>
        dropsRow({ table: 'entries', key: id }, isHeld, used),
      );
      await db.decks.bulkDelete(deckIds);
      await db.entries.bulkDelete(entryIds);
      deleted += deckIds.length + entryIds.length;
    }
    // The dropped languages' characters, and those of languages not kept that came along with
    // them (a kanji under zh that a dropped ja entry wrote).
    const charLanguages = new Set(drop);
    for (const code of (await db.characters.orderBy('languageCode').uniqueKeys()) as string[]) if (!keep.includes(code)) charLanguages.add(code);
    const charIds = (await db.characters.where('languageCode').anyOf([...charLanguages]).toArray())
      .filter((c) => dropsRow({ table: 'characters', key: c.id, value: c.value }, isHeld, used))
      .map((c) => c.id);
    await db.characters.bulkDelete(charIds);
    return deleted + charIds.length;
  });
}
