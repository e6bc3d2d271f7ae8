import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import type { Deck, Entry } from '../api/generated/types';
import { openDb } from './db';

const entry = (id: string, languageCode: string, text: string): Entry => ({
  id,
  languageCode,
  text,
  reading: '',
  meanings: [],
  notes: '',
  examples: [],
  audioUrl: null,
  updatedAt: 1,
  deleted: false,
});

describe('openDb', () => {
  it('upgrades a database made by the first schema, keeping its rows, adding tables and indexes, dropping indexes', async () => {
    const name = `upgrade-${Math.random().toString(36).slice(2)}`;
    // The schema of the first released app (version 1), with some rows.
    const old = new Dexie(name);
    old.version(1).stores({
      characters: 'id, languageCode, value, updatedAt',
      decks: 'id, languageCode, position, updatedAt',
      entries: 'id, languageCode, text, updatedAt',
      languages: 'id, updatedAt',
      userCards: 'id, entryId, due, state, updatedAt',
      userDecks: 'id, updatedAt',
      userEntries: 'entryId, updatedAt',
      userReviews: 'id, cardId, entryId, reviewedAt, updatedAt',
      outbox: '++seq',
    });
    await old.table('entries').bulkPut([entry('e1', 'ko', '나'), entry('e2', 'ko', '가'), entry('e3', 'ja', 'あ')]);
    const deck: Deck = { id: 'd1', languageCode: 'ko', title: 'T', description: '', entryIds: ['e1'], position: 2, updatedAt: 1, deleted: false };
    await old.table('decks').put(deck);
    await old.table('outbox').add({ procedure: 'saveUserDeck', input: {}, queuedAt: 1, attempts: 0 });
    old.close();

    const db = openDb(name);
    try {
      const ko = await db.entries.where('[languageCode+text]').between(['ko', Dexie.minKey], ['ko', Dexie.maxKey]).toArray();
      expect(ko.map((e) => e.text)).toEqual(['가', '나']);
      expect(await db.decks.where('[languageCode+position]').equals(['ko', 2]).count()).toBe(1);
      expect(await db.outbox.count()).toBe(1);
      expect(db.verno).toBe(6);
      // v5 added the learner's parameters, v6 their tests, empty until a sync pulls them.
      expect(await db.userParameters.count()).toBe(0);
      expect(await db.userTests.where('deckId').equals('d1').count()).toBe(0);
      // v4 dropped the single languageCode indexes: a query on it goes through the compound one.
      const idb = db.backendDB();
      const tx = idb.transaction(['entries', 'decks'], 'readonly');
      expect([...tx.objectStore('entries').indexNames].sort()).toEqual(['[languageCode+text]', 'text', 'updatedAt']);
      expect([...tx.objectStore('decks').indexNames].sort()).toEqual(['[languageCode+position]', 'updatedAt']);
      expect(await db.entries.where('languageCode').equals('ko').count()).toBe(2);
      expect((await db.entries.where('languageCode').equals('ja').toArray()).map((e) => e.id)).toEqual(['e3']);
      expect((await db.decks.where('languageCode').equals('ko').toArray()).map((d) => d.id)).toEqual(['d1']);
    } finally {
      db.close();
      await Dexie.delete(name);
    }
  });
});
