// Public data by language (db/languages.ts, db/sync.ts) against a real `writeit serve`: a first
// visit pulls the studied language only; a language added is pulled from 0 up to lastSync and joins
// with no row missed or pulled twice, writers saving in it meanwhile, an interrupted pull resumed
// from its cursor; borrowed characters come along; an upgraded device and a removal keep what
// kept entries write.
import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { Character, Entry, PageInput } from '../api/generated/types';
import { LANGUAGE_STATE_KEY, readLanguageState } from './languages';
import { LAST_SYNC_KEY } from './sync';
import { harnessesPerTest, mintToken, newUserId, serverApi, type Harness } from './testing/harness';

const make = harnessesPerTest();
const PUBLIC_QUERIES = ['queryDecks', 'queryEntries', 'queryCharacters'];

async function adminApi() {
  return serverApi(await mintToken(newUserId(), 'admin'));
}

/** Every row of a language's table on the server (up to `until`). */
async function serverRows<T>(query: 'queryEntries' | 'queryDecks' | 'queryCharacters', languages: string[], until?: number): Promise<T[]> {
  const api = serverApi(null);
  const input: PageInput = { offset: 0, limit: 5000, languages, ...(until ? { until } : {}) };
  return (await api[query].query(input)) as T[];
}

/** The rows every page of `h` received for the public tables, as (id, updatedAt). */
function pulledVersions(h: Harness): string[] {
  return h.calls
    .filter((c) => c.kind === 'http')
    .flatMap((c) => c.procedures.map((p, i) => ({ p, out: c.outputs?.[i] })))
    .filter((o) => PUBLIC_QUERIES.includes(o.p) && Array.isArray(o.out))
    .flatMap((o) => (o.out as { id: string; updatedAt: number }[]).map((r) => `${o.p}/${r.id}@${r.updatedAt}`));
}

const byLanguage = (rows: { languageCode: string }[]) =>
  rows.reduce<Record<string, number>>((n, r) => ({ ...n, [r.languageCode]: (n[r.languageCode] ?? 0) + 1 }), {});

/** A code point in CJK Extension B nobody else uses (a fresh character per test). */
const freshHan = () => String.fromCodePoint(0x20000 + Math.floor(Math.random() * 0xa000));

describe('public data by language', () => {
  it('a first visit pulls the studied language only, and every public page names it', async () => {
    const h = await make();
    await h.engine.sync();
    expect(byLanguage(await h.db.decks.toArray())).toEqual({ ko: (await serverRows('queryDecks', ['ko'])).length });
    expect(byLanguage(await h.db.entries.toArray())).toEqual({ ko: (await serverRows('queryEntries', ['ko'])).length });
    const chars = await h.db.characters.toArray();
    expect(chars.length).toBe((await serverRows('queryCharacters', ['ko'])).length);
    expect(chars.every((c) => c.languageCode === 'ko')).toBe(true);
    // Everything else came whole or not at all.
    expect(await h.db.languages.count()).toBe((await serverApi(null).queryLanguages.query({ offset: 0 })).length);
    for (const c of h.calls.filter((c) => c.kind === 'http')) {
      c.procedures.forEach((p, i) => {
        if (PUBLIC_QUERIES.includes(p)) expect((c.inputs[i] as PageInput).languages).toEqual(['ko']);
      });
    }
    expect(readLanguageState(h.storage)).toEqual({ held: { ko: { joined: true } }, keep: [] });
    expect(new Set(pulledVersions(h)).size).toBe(pulledVersions(h).length);
  });

  it('adds a language from 0 up to lastSync, writers saving meanwhile, resumed after an interruption: no row missed or twice', async () => {
    const h = await make({ pageSize: 10 });
    await h.engine.sync();
    const admin = await adminApi();
    const zh = await serverRows<Entry>('queryEntries', ['zh']);
    expect(zh.length).toBeGreaterThan(20);

    // On zh's second entries page: a new zh entry and a change to one already pulled; the third
    // page's request never leaves (the device goes offline).
    let page = 0;
    const changed = zh[0] as Entry;
    let created: Entry | undefined;
    h.net.beforeRequest = async (procedures) => {
      const input = h.calls.at(-1)?.inputs[0] as PageInput | undefined;
      if (procedures[0] !== 'queryEntries' || input?.languages?.[0] !== 'zh') return;
      page++;
      if (page === 2) {
        created = (await admin.saveEntry.mutate({ id: uuidv7(), languageCode: 'zh', text: '铅笔', reading: 'qiānbǐ', meanings: ['pencil'] })).entry;
        await admin.saveEntry.mutate({ ...changed, meanings: [...changed.meanings, 'changed'] });
      }
      if (page === 3) throw new TypeError('fetch failed');
    };
    h.language.set('zh');
    expect((await h.engine.sync()).status).toBe('offline');
    const stopped = readLanguageState(h.storage)?.held.zh;
    expect(stopped).toMatchObject({ joined: false, table: 'entries', rows: expect.any(Number) });

    // A reload (another engine on the same database and storage) resumes from the cursor.
    const again = await make({ tabOf: h, pageSize: 10, language: 'zh' });
    await again.engine.sync();
    const firstZhPage = again.calls
      .filter((c) => c.kind === 'http')
      .flatMap((c) => c.procedures.map((p, i) => ({ p, input: c.inputs[i] as PageInput })))
      .find((o) => o.p === 'queryEntries' && o.input.languages?.[0] === 'zh');
    expect(firstZhPage?.input.after).toEqual(stopped && !stopped.joined ? stopped.after : undefined);
    const lastSync = Number(h.storage.getItem(LAST_SYNC_KEY));
    expect(readLanguageState(h.storage)?.held).toEqual({ ko: { joined: true }, zh: { joined: true } });

    // Complete up to lastSync: exactly the server's zh rows then (the new entry, stamped after
    // the first sync's T but before the resumed one's, is among them).
    const local = (await h.db.entries.toArray()).filter((e) => e.languageCode === 'zh');
    const server = await serverRows<Entry>('queryEntries', ['zh'], lastSync);
    expect(local.map((e) => `${e.id}@${e.updatedAt}`).sort()).toEqual(server.map((e) => `${e.id}@${e.updatedAt}`).sort());
    expect(local.find((e) => e.id === created?.id)).toBeDefined();
    expect(local.find((e) => e.id === changed.id)?.meanings).toContain('changed');
    expect((await h.db.characters.where('languageCode').equals('zh').count())).toBe((await serverRows('queryCharacters', ['zh'], lastSync)).filter((c) => (c as Character).languageCode === 'zh').length);
    // No version of a row came twice, over both engines.
    const versions = [...pulledVersions(h), ...pulledVersions(again)];
    expect(new Set(versions).size).toBe(versions.length);

    // Joined: the next sync pulls zh in the regular delta, nothing added.
    again.calls.length = 0;
    await again.engine.sync();
    const delta = again.calls.filter((c) => c.kind === 'http').flatMap((c) => c.inputs) as PageInput[];
    expect(delta.filter((i) => i?.languages).every((i) => i.languages?.join() === 'ko,zh' && i.offset === lastSync)).toBe(true);
  });

  it('catches up a table already ended when syncs moved lastSync on during the add', async () => {
    const h = await make({ pageSize: 10 });
    await h.engine.sync();
    const admin = await adminApi();
    // zh's decks are done; on its first entries page a zh deck is saved, and the device goes
    // offline before that page's answer.
    let deck: { id: string } | undefined;
    h.net.beforeRequest = async (procedures) => {
      const input = h.calls.at(-1)?.inputs[0] as PageInput | undefined;
      if (procedures[0] !== 'queryEntries' || input?.languages?.[0] !== 'zh' || deck) return;
      const entries = await serverRows<Entry>('queryEntries', ['zh']);
      deck = (await admin.saveDeck.mutate({ id: uuidv7(), languageCode: 'zh', title: 'Late', description: '', entryIds: [entries[0]!.id], position: 9 }));
      throw new TypeError('fetch failed');
    };
    h.language.set('zh');
    expect((await h.engine.sync()).status).toBe('offline');
    expect(readLanguageState(h.storage)?.held.zh).toMatchObject({ joined: false, table: 'entries' });

    // A later session: its regular sync moves lastSync past the deck; the add goes on with its
    // first pass's bound, then a second pass brings what the ended decks table missed.
    const again = await make({ tabOf: h, pageSize: 10, language: 'zh' });
    await again.engine.sync();
    expect(readLanguageState(h.storage)?.held.zh).toEqual({ joined: true });
    const lastSync = Number(h.storage.getItem(LAST_SYNC_KEY));
    const local = (await h.db.decks.toArray()).filter((d) => d.languageCode === 'zh');
    expect(local.map((d) => d.id).sort()).toEqual((await serverRows<{ id: string }>('queryDecks', ['zh'], lastSync)).map((d) => d.id).sort());
    expect(local.find((d) => d.id === deck?.id)).toBeDefined();
    const versions = [...pulledVersions(h), ...pulledVersions(again)];
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('brings the characters of another language that a studied language writes', async () => {
    const admin = await adminApi();
    const han = freshHan();
    const ch = (await admin.saveCharacter.mutate({ id: uuidv7(), languageCode: 'zh', value: han, strokes: [] })) as unknown as { character: Character };
    const before = (await admin.saveEntry.mutate({ id: uuidv7(), languageCode: 'ja', text: `${han}語`, reading: 'x', meanings: ['borrowed'] })).entry;
    const h = await make({ language: 'ja' });
    await h.engine.sync();
    expect(await h.db.characters.get(ch.character.id)).toMatchObject({ languageCode: 'zh', value: han });
    expect(await h.db.entries.get(before.id)).toBeDefined();
    expect(await h.db.entries.where('[languageCode+text]').between(['zh', ''], ['zh', '\uffff']).count()).toBe(0);

    // Joined: a character a new ja entry starts to use comes with the next delta.
    const later = freshHan();
    const ch2 = (await admin.saveCharacter.mutate({ id: uuidv7(), languageCode: 'zh', value: later, strokes: [] })) as unknown as { character: Character };
    await h.engine.sync();
    expect(await h.db.characters.get(ch2.character.id)).toBeUndefined();
    await admin.saveEntry.mutate({ id: uuidv7(), languageCode: 'ja', text: later, reading: 'y', meanings: ['later'] });
    await h.engine.sync();
    expect(await h.db.characters.get(ch2.character.id)).toMatchObject({ value: later });

    // Removing ja once no longer studied drops its entries and the zh characters they brought.
    h.language.set('ko');
    await h.engine.sync();
    await h.engine.removeLanguage('ja');
    expect(await h.db.characters.get(ch.character.id)).toBeUndefined();
    expect(await h.db.entries.where('[languageCode+text]').between(['ja', ''], ['ja', '\uffff']).count()).toBe(0);
    expect(readLanguageState(h.storage)?.held).toEqual({ ko: { joined: true } });
  });

  it('keeps a language offline on request, never removes a studied one, and refresh starts the languages afresh', async () => {
    const h = await make();
    await h.engine.sync();
    await h.engine.keepOffline('ru', true);
    await h.engine.sync();
    expect(readLanguageState(h.storage)).toEqual({ held: { ko: { joined: true }, ru: { joined: true } }, keep: ['ru'] });
    expect(byLanguage(await h.db.entries.toArray())).toEqual({ ko: (await serverRows('queryEntries', ['ko'])).length, ru: (await serverRows('queryEntries', ['ru'])).length });
    await expect(h.engine.removeLanguage('ko')).rejects.toThrow(/studied/);
    expect(await h.engine.languagesHeld()).toEqual([
      { code: 'ko', hold: { joined: true }, studied: true, kept: false, block: 'current' },
      { code: 'ru', hold: { joined: true }, studied: true, kept: true, block: null },
    ]);
    // A pending change holds its row: removing Russian leaves that entry.
    const ruEntry = (await h.db.entries.toArray()).find((e) => e.languageCode === 'ru')!;
    await h.engine.keepOffline('ru', false);
    h.net.failMutations = true;
    await h.mutations.saveEntry({ ...ruEntry, meanings: ['held'] }).catch(() => undefined);
    expect(await h.engine.removeLanguage('ru')).toBeGreaterThan(0);
    expect((await h.db.entries.toArray()).filter((e) => e.languageCode === 'ru').map((e) => e.id)).toEqual([ruEntry.id]);
    expect(readLanguageState(h.storage)).toEqual({ held: { ko: { joined: true } }, keep: [] });
    h.net.failMutations = false;

    // Refresh: nothing held any more, the kept choices stay; the studied languages come back.
    await h.engine.keepOffline('ru', true);
    await h.engine.sync();
    expect(await h.engine.refresh()).toBe(true);
    expect(readLanguageState(h.storage)).toEqual({ held: { ko: { joined: true }, ru: { joined: true } }, keep: ['ru'] });
  });

  it('upgrades a device synced before: its studied languages join, others go but what kept entries write', async () => {
    const h = await make();
    await h.signIn();
    // The learner follows a Japanese deck (kept: a followed deck's language is studied).
    const jaDeck = (await serverRows<{ id: string }>('queryDecks', ['ja']))[0];
    await serverApi(await h.session.getIdToken()).saveUserDeck.mutate({ id: jaDeck!.id, deckId: jaDeck!.id, newPerDay: 10, desiredRetention: 0.9 });
    // The old sync: every language (here three) complete up to lastSync, and no language state.
    h.storage.setItem(LANGUAGE_STATE_KEY, JSON.stringify({ held: { ko: { joined: true }, ja: { joined: true }, zh: { joined: true } }, keep: [] }));
    await h.engine.sync();
    expect(Object.keys(byLanguage(await h.db.entries.toArray())).sort()).toEqual(['ja', 'ko', 'zh']);
    h.storage.removeItem(LANGUAGE_STATE_KEY);
    const jaText = (await h.db.entries.toArray()).filter((e) => e.languageCode === 'ja').map((e) => e.text).join('');
    const borrowed = (await h.db.characters.where('languageCode').equals('zh').toArray()).filter((c) => jaText.includes(c.value));
    expect(borrowed.length).toBeGreaterThan(0);

    h.calls.length = 0;
    await h.engine.sync();
    expect(readLanguageState(h.storage)).toEqual({ held: { ko: { joined: true }, ja: { joined: true } }, keep: [] });
    expect(Object.keys(byLanguage(await h.db.entries.toArray())).sort()).toEqual(['ja', 'ko']);
    expect(Object.keys(byLanguage(await h.db.decks.toArray())).sort()).toEqual(['ja', 'ko']);
    const left = await h.db.characters.where('languageCode').equals('zh').toArray();
    expect(left.map((c) => c.id).sort()).toEqual(borrowed.map((c) => c.id).sort());
    // Nothing to add: both joined, pulled in the regular delta.
    for (const c of h.calls.filter((c) => c.kind === 'http')) {
      c.procedures.forEach((p, i) => {
        if (PUBLIC_QUERIES.includes(p)) expect((c.inputs[i] as PageInput).languages).toEqual(['ja', 'ko']);
      });
    }
  });
});
