// A language's entries in text order, for the entry lists (50,000 rows): through the
// [languageCode+text] index, the first rows at once (read ahead of the first render by the page's
// preload), then the whole list a slice at a time, read again when the entries change. A
// `languageCode` of null means every language (the text index). Not in the 'data' chunk
// (app/chunkGroups.ts): only the two entry lists need it.
import { useEffect, useState } from 'react';
import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Entry } from '../../api/generated/types';
import { db } from '../db';
import { isLive } from './live';

/** Rows read first (before the whole list), enough to fill a tall screen. */
export const FIRST_ENTRIES = 40;

/** The text-ordered index range of a language's entries (every language's: the text index). */
function textRange(languageCode: string | null, after?: string) {
  if (languageCode === null) return after === undefined ? db.entries.orderBy('text') : db.entries.where('text').above(after);
  return db.entries
    .where('[languageCode+text]')
    .between([languageCode, after ?? Dexie.minKey], [languageCode, Dexie.maxKey], after === undefined, true);
}

/** The entries of one text (the rows tied on the index key at a page boundary). */
function sameText(languageCode: string | null, text: string) {
  return languageCode === null ? db.entries.where('text').equals(text) : db.entries.where('[languageCode+text]').equals([languageCode, text]);
}

/** The first `limit` entries of a language (or all) in text order, through the language+text
 * index: a range read, not a scan of every language's rows. */
function readFirstEntries(languageCode: string | null, limit: number): Promise<Entry[]> {
  return textRange(languageCode).filter(isLive).limit(limit).toArray();
}

/** Rows read per slice of the whole list: each is one getAll, and the main thread gets a turn
 * between slices (50,000 rows in one read would hold it for a second or more). */
const SLICE = 2500;

/** All entries of a language (or all) in text order, read a slice at a time (keyset paging on
 * the text; the rows tied on a slice's last text are read with it); null when `cancelled`
 * (the page left), so a stale read stops early. */
async function readAllEntries(languageCode: string | null, cancelled: () => boolean): Promise<Entry[] | null> {
  const out: Entry[] = [];
  let after: string | undefined;
  for (;;) {
    const slice = await textRange(languageCode, after).limit(SLICE).toArray();
    if (cancelled()) return null;
    for (const e of slice) if (isLive(e)) out.push(e);
    if (slice.length < SLICE) return out;
    after = slice[slice.length - 1]!.text;
    // The next slice starts after this text: take every row of it now.
    const seen = new Set(slice.filter((e) => e.text === after).map((e) => e.id));
    for (const e of await sameText(languageCode, after).toArray()) if (!seen.has(e.id) && isLive(e)) out.push(e);
    await new Promise((ok) => setTimeout(ok, 0));
    if (cancelled()) return null;
  }
}

/** First rows read before the first render of a list (preloadFirstEntries), by language. */
const preloadedEntries = new Map<string | null, Entry[]>();

/** Reads a language's first rows ahead of a list's first render. */
export async function preloadFirstEntries(languageCode: string | null): Promise<void> {
  preloadedEntries.set(languageCode, await readFirstEntries(languageCode, FIRST_ENTRIES));
}

/** Changes when a language's entries change (a count and the newest stamp: index reads, cheap),
 * so the whole list is read again only then, not on every write a sync makes. */
function useEntriesVersion(languageCode: string | null): string | undefined {
  return useLiveQuery(async () => {
    const count = languageCode === null ? await db.entries.count() : await db.entries.where('languageCode').equals(languageCode).count();
    const last = await db.entries.orderBy('updatedAt').last();
    return `${count}/${last?.updatedAt ?? 0}`;
  }, [languageCode]);
}

/** While a sync writes many pages of entries, the whole list is read at most this often. */
const RELOAD_DEBOUNCE_MS = 1000;

/** A language's entries in text order: the first rows at once, then all of them. */
export function useEntryRows(languageCode: string | null): { rows: Entry[]; complete: boolean } | undefined {
  const [state, setState] = useState<{ language: string | null; rows: Entry[]; complete: boolean } | undefined>(() => {
    const first = preloadedEntries.get(languageCode);
    return first ? { language: languageCode, rows: first, complete: false } : undefined;
  });
  const version = useEntriesVersion(languageCode);
  const current = state?.language === languageCode ? state : undefined;
  const hasAll = current?.complete === true;
  useEffect(() => {
    if (version === undefined) return;
    let cancelled = false;
    const load = async () => {
      if (!hasAll) {
        const first = await readFirstEntries(languageCode, FIRST_ENTRIES);
        if (cancelled) return;
        setState((s) =>
          s?.language === languageCode && s.complete ? s : { language: languageCode, rows: first, complete: first.length < FIRST_ENTRIES },
        );
        if (first.length < FIRST_ENTRIES) return;
      }
      const all = await readAllEntries(languageCode, () => cancelled);
      if (all && !cancelled) setState({ language: languageCode, rows: all, complete: true });
    };
    // The first read at once; a later change (a sync's next page) after a pause.
    const timer = setTimeout(() => void load(), hasAll ? RELOAD_DEBOUNCE_MS : 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // hasAll is read when the version or language changes, not a reason to read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [languageCode, version]);
  return current;
}
