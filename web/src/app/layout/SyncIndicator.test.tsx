// @vitest-environment jsdom
// The app bar's sync indicator while changes are refused: the count in the error colour, the
// words of the status (never "Up to date"), and a link to the list of refused changes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import enUS from '../../i18n/messages/en-US.json';
import { translate, type MessageKey, type MessageParams } from '../../i18n/translate';
import type { SyncState } from '../syncBridge';

let state: SyncState = { status: 'idle', pending: 0, refused: 0 };
const en = enUS as Record<string, string>;
vi.mock('../syncBridge', () => ({ useSyncState: () => state }));
vi.mock('../../i18n/I18nContext', () => ({
  useI18n: () => ({
    t: (key: MessageKey, params?: MessageParams) => translate(en, en, 'en-US', key, params),
    formatDateTime: (ms: number) => new Date(ms).toISOString(),
  }),
}));
const { SyncIndicator } = await import('./SyncIndicator');

const show = () => render(<MemoryRouter><SyncIndicator /></MemoryRouter>);

afterEach(cleanup);

describe('SyncIndicator', () => {
  for (const status of ['idle', 'syncing', 'offline', 'error'] as const) {
    it(`says how many changes could not be saved and links to them (${status})`, () => {
      state = { status, pending: 0, refused: 2, lastSyncedAt: 1 };
      show();
      const link = screen.getByRole('link');
      const name = link.getAttribute('aria-label') ?? '';
      expect(name.startsWith('2 changes could not be saved: see Settings › Local data')).toBe(true);
      expect(name).not.toMatch(/Up to date|synced/i);
      expect(link.getAttribute('title')).toBe(name);
      expect(link.getAttribute('href')).toBe('/settings#refused-changes');
      expect(link.getAttribute('data-sync-refused')).toBe('2');
      const badge = link.querySelector('.MuiBadge-badge');
      expect(badge?.textContent).toBe('2');
      expect(badge?.className).toContain('MuiBadge-colorError');
    });
  }

  it('links to the settings and says up to date when nothing is refused', () => {
    state = { status: 'idle', pending: 0, refused: 0 };
    show();
    const link = screen.getByRole('link', { name: 'Up to date' });
    expect(link.getAttribute('href')).toBe('/settings');
    expect(link.getAttribute('data-sync-refused')).toBeNull();
  });
});
