// Which languages' public rows this device holds (issue 28, docs/sync.md): the rules, pure, and
// their one home in storage (beside lastSync, shared by the tabs).
//
// Decks, entries and characters are pulled per language. Each language the device holds is either
// joined (complete up to lastSync: the regular delta pulls it with `languages: joined`) or being
// added, in passes: a pass pulls the three tables, decks → entries → characters, between fixed
// bounds (offset, until], the first from 0 up to the lastSync of its first page; the cursor is the
// table it is in and the `after` of the last stored page. A pass that ends with until = lastSync
// joins the language; else (syncs moved lastSync on meanwhile) another pass pulls (until, lastSync].
// The bounds are fixed for a whole pass because a table ended up to one bound is not read again: a
// row of it stamped later would be missed if the next table's bound, and then the language's join,
// moved on past it. A language studied but not held is added from the start. A device that synced before this existed holds every language up to
// lastSync: it is upgraded once (its studied languages join, the others' rows are dropped).
import type { Cursor } from '../api/generated/types';
import type { KeyValueStorage } from './sync';

/** The tables pulled per language, in the order a language is added. */
export const LANGUAGE_TABLES = ['decks', 'entries', 'characters'] as const;
export type LanguageTable = (typeof LANGUAGE_TABLES)[number];

/** A language the device holds: joined, or being added (where its pull stands). */
export type Hold =
  | { joined: true }
  | {
      joined: false;
      table: LanguageTable;
      /** The last stored page's last row (absent: the table's first page is next). */
      after?: Cursor;
      /** Rows stored so far, all tables (progress). */
      rows: number;
      /** The pass's bounds: rows stamped in (offset, until]. Absent offset: 0; absent until: the
       * lastSync of the pass's first page, which fixes it. */
      offset?: number;
      until?: number;
    };

export interface LanguageState {
  held: Record<string, Hold>;
  /** Languages the learner chose to keep offline though not studying them now. */
  keep: string[];
}

/** The storage key of the state (JSON), beside lastSync. */
export const LANGUAGE_STATE_KEY = 'languageState';

export const emptyLanguageState = (keep: string[] = []): LanguageState => ({ held: {}, keep });

/** The stored state; null when there is none (a first visit, or a device synced before issue 28). */
export function readLanguageState(storage: Pick<KeyValueStorage, 'getItem'>): LanguageState | null {
  const raw = storage.getItem(LANGUAGE_STATE_KEY);
  if (raw === null) return null;
  try {
    const v = JSON.parse(raw) as Partial<LanguageState> | null;
    if (!v || typeof v !== 'object' || typeof v.held !== 'object' || v.held === null) return null;
    return { held: v.held, keep: Array.isArray(v.keep) ? v.keep.filter((c) => typeof c === 'string') : [] };
  } catch {
    return null;
  }
}

export function writeLanguageState(storage: Pick<KeyValueStorage, 'setItem'>, state: LanguageState): void {
  storage.setItem(LANGUAGE_STATE_KEY, JSON.stringify(state));
}

/** The studied languages: the current one first, then the followed decks' and the kept ones,
 * each once, in that order. */
export function studiedLanguages(current: string, followed: readonly string[], keep: readonly string[]): string[] {
  const out: string[] = [];
  for (const code of [current, ...followed, ...keep]) if (code && !out.includes(code)) out.push(code);
  return out;
}

/** The joined languages, sorted (the regular delta's `languages`). */
export function joinedLanguages(state: LanguageState): string[] {
  return Object.keys(state.held)
    .filter((code) => state.held[code]?.joined)
    .sort();
}

/** What to pull next: the first studied language not joined, where its pull stands; null when
 * every studied language is joined. A held language being added that is no longer studied is
 * finished too (it was asked for; the learner may remove it). */
export function nextPull(
  state: LanguageState,
  studied: readonly string[],
): { language: string; table: LanguageTable; after?: Cursor; rows: number; offset: number; until?: number } | null {
  const adding = Object.keys(state.held).filter((c) => state.held[c]?.joined === false);
  for (const language of [...studied, ...adding]) {
    const hold = state.held[language];
    if (!hold) return { language, table: LANGUAGE_TABLES[0], rows: 0, offset: 0 };
    if (!hold.joined) {
      const next = { language, table: hold.table, after: hold.after, rows: hold.rows, offset: hold.offset ?? 0 };
      return hold.until === undefined ? next : { ...next, until: hold.until };
    }
  }
  return null;
}

/** A language's hold after storing a page of `table` (`rows` rows, the last one `last`) of the pass
 * (`offset`, `until`]; `lastSync` is the current one, read with the page under the lock. A short
 * page ends the table; the last table's short page joins the language when the pass's bound is the
 * current lastSync, else starts the next pass, (until, lastSync], from decks. */
export function afterPage(
  hold: Hold | undefined,
  table: LanguageTable,
  page: { rows: number; last?: Cursor; full: boolean },
  pass: { offset: number; until: number },
  lastSync: number,
): Hold {
  if (hold?.joined) return hold;
  const rows = (hold?.rows ?? 0) + page.rows;
  const bounds = { offset: pass.offset, until: pass.until };
  if (page.full) return { joined: false, table, after: page.last ?? hold?.after, rows, ...bounds };
  const next = LANGUAGE_TABLES[LANGUAGE_TABLES.indexOf(table) + 1];
  if (next) return { joined: false, table: next, rows, ...bounds };
  if (pass.until >= lastSync) return { joined: true };
  return { joined: false, table: LANGUAGE_TABLES[0], rows, offset: pass.until };
}

/** The state of a device synced before languages were tracked: it holds every language complete
 * up to lastSync; its studied ones join, the rest are to be dropped. */
export function upgradedState(studied: readonly string[]): LanguageState {
  return { held: Object.fromEntries(studied.map((c) => [c, { joined: true } as Hold])), keep: [] };
}

/** Why `code` may not be removed from the device: 'current' (the language studied now),
 * 'followed' (a followed deck is in it); null when it may. */
export function removalBlock(code: string, current: string, followed: readonly string[]): 'current' | 'followed' | null {
  if (code === current) return 'current';
  if (followed.includes(code)) return 'followed';
  return null;
}

/** A test for "some kept entry's text writes this character": by code point for one-code-point
 * values, by substring otherwise; a superset of the server's grapheme rule, so nothing a kept
 * entry uses is dropped. */
export function usedBy(texts: Iterable<string>): (value: string) => boolean {
  const all = [...texts].join('\n');
  const points = new Set(all);
  return (value) => {
    if (value === '') return false;
    return [...value].length === 1 ? points.has(value) : all.includes(value);
  };
}

/** Whether a row of a dropped language goes: not when a pending change holds it, nor (a character)
 * when a kept entry uses it. */
export function dropsRow(
  row: { table: LanguageTable; key: string; value?: string },
  held: (table: LanguageTable, key: string) => boolean,
  used: (value: string) => boolean,
): boolean {
  if (held(row.table, row.key)) return false;
  return !(row.table === 'characters' && row.value !== undefined && used(row.value));
}
