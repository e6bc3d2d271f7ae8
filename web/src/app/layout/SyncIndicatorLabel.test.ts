// The sync status in words: while a change is refused it never says "Up to date" or "synced",
// whatever the sync is doing, in any locale; it says how many changes could not be saved and,
// for the indicator, where they are listed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import enUS from '../../i18n/messages/en-US.json';
import { SUPPORTED_LOCALES } from '../../i18n/locale';
import { translate, type MessageKey, type MessageParams } from '../../i18n/translate';
import type { SyncState } from '../syncBridge';
import { syncLabel } from './SyncIndicatorLabel';

const english = enUS as Record<string, string>;
const translator = (locale: string) => {
  const messages = JSON.parse(readFileSync(join(__dirname, '../../i18n/messages', `${locale}.json`), 'utf8')) as Record<string, string>;
  return (key: MessageKey, params?: MessageParams) => translate(messages, english, locale, key, params);
};
const formatDateTime = (ms: number) => new Date(ms).toISOString();

const STATES: SyncState[] = [
  { status: 'idle', pending: 0, refused: 0 },
  { status: 'idle', pending: 0, refused: 0, lastSyncedAt: Date.UTC(2025, 4, 1) },
  { status: 'idle', pending: 3, refused: 0, lastSyncedAt: Date.UTC(2025, 4, 1) },
  { status: 'syncing', pending: 0, refused: 0 },
  { status: 'syncing', pending: 1, refused: 0, progress: { table: 'entries', rows: 40 } },
  { status: 'offline', pending: 2, refused: 0 },
  { status: 'error', pending: 0, refused: 0, error: 'Internal server error', errorKind: 'server' },
  { status: 'error', pending: 1, refused: 0, error: 'the ID token was revoked: sign in again', errorKind: 'signedOut' },
  { status: 'error', pending: 0, refused: 0, error: 'The database is unavailable; try again shortly', errorKind: 'busy' },
  { status: 'error', pending: 0, refused: 0 },
  { status: 'idle', pending: 0, refused: 0, adding: { language: 'zh', rows: 3200 } },
];

describe('the sync status in words', () => {
  for (const locale of SUPPORTED_LOCALES) {
    it(`never says up to date while changes are refused, in ${locale}`, () => {
      const t = translator(locale);
      // "Up to date (synced …)" begins with it in every locale.
      const upToDate = t('sync.idle');
      for (const base of STATES) {
        for (const count of [1, 2, 5]) {
          const state = { ...base, refused: count };
          for (const pointToList of [false, true]) {
            const text = syncLabel(state, t, formatDateTime, { pointToList });
            const label = `${locale} ${JSON.stringify(state)} ${pointToList}`;
            expect(text, label).not.toContain(upToDate);
            // The refused changes come first.
            const refused = pointToList
              ? t('sync.refusedSee', { count, page: t('settings.title'), section: t('data.title') })
              : t('sync.refused', { count });
            expect(text.startsWith(refused), label).toBe(true);
            if (pointToList) {
              expect(text, label).toContain(t('settings.title'));
              expect(text, label).toContain(t('data.title'));
            }
          }
        }
        // With nothing refused the idle states do say it (but while a language downloads).
        if (base.status === 'idle' && !base.adding) expect(syncLabel(base, t, formatDateTime)).toContain(upToDate);
      }
    });
  }

  it('reads, in English, as the indicator says it', () => {
    const t = translator('en-US');
    const label = (s: SyncState) => syncLabel(s, t, formatDateTime, { pointToList: true });
    expect(label({ status: 'idle', pending: 0, refused: 2, lastSyncedAt: 1 })).toBe('2 changes could not be saved: see Settings › Local data');
    expect(label({ status: 'idle', pending: 1, refused: 1 })).toBe(
      '1 change could not be saved: see Settings › Local data · 1 change waiting to be sent',
    );
    expect(label({ status: 'syncing', pending: 0, refused: 2 })).toBe('2 changes could not be saved: see Settings › Local data · Syncing…');
    expect(label({ status: 'offline', pending: 0, refused: 2 })).toBe(
      '2 changes could not be saved: see Settings › Local data · Offline: changes are kept on this device',
    );
    expect(label({ status: 'idle', pending: 0, refused: 0 })).toBe('Up to date');
    expect(syncLabel({ status: 'idle', pending: 0, refused: 2 }, t, formatDateTime)).toBe('2 changes could not be saved');
  });
});

describe('a failed sync', () => {
  // Issue 37: the header said "Sync failed: the ID token was revoked: sign in again".
  it("says what happened in the learner's words, never the server's, in every locale", () => {
    for (const locale of SUPPORTED_LOCALES) {
      const t = translator(locale);
      const said = new Set<string>();
      for (const state of STATES.filter((s) => s.status === 'error')) {
        const text = syncLabel(state, t, formatDateTime);
        if (state.error) expect(text, locale).not.toContain(state.error);
        expect(text, locale).not.toMatch(/token|UNAUTHORIZED|database/i);
        said.add(text);
      }
      // Each kind in its own words.
      expect(said.size, locale).toBe(4);
    }
    const t = translator('en-US');
    expect(syncLabel({ status: 'error', pending: 1, refused: 0, errorKind: 'signedOut' }, t, formatDateTime)).toBe(
      'Sync paused: this device must sign in again · 1 change waiting to be sent',
    );
  });
});

describe('a language downloading', () => {
  it('is named, with its rows so far, whatever the status', () => {
    const t = translator('en-US');
    const names = { languageName: (code: string) => (code === 'zh' ? 'Chinese' : code) };
    const adding = { language: 'zh', rows: 3200 };
    expect(syncLabel({ status: 'idle', pending: 0, refused: 0, adding }, t, formatDateTime, names)).toBe('Downloading Chinese… 3,200 rows');
    expect(syncLabel({ status: 'offline', pending: 1, refused: 0, adding }, t, formatDateTime, names)).toBe(
      'Offline: changes are kept on this device · Downloading Chinese… 3,200 rows · 1 change waiting to be sent',
    );
  });
});

