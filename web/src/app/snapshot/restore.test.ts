// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_KEY } from '../../session/auth';
import { LANGUAGE_CODE_STORAGE_KEY } from '../languageCode';
import { THEME_STORAGE_KEY } from '../themePreference';
import {
  contextTheme,
  restoreSnapshot,
  snapshotContext,
  SNAPSHOT_ELEMENT_ID,
  SNAPSHOT_MAX_MS,
  SNAPSHOT_STYLE_ID,
  SNAPSHOTS_KEY,
  SNAPSHOTS_OFF_KEY,
  type PageSnapshot,
  type StartEnv,
} from './restore';
import { memoryStorage } from './testing';


/** A start environment over jsdom's document; `media` lists the queries that match. */
function env(over: Partial<StartEnv> = {}, media: string[] = []): StartEnv {
  return {
    doc: document,
    storage: memoryStorage(),
    build: 'b1',
    path: '/decks',
    matchMedia: (q) => ({ matches: media.includes(q) }),
    language: 'en-US',
    ...over,
  };
}

function shot(e: StartEnv, over: Partial<PageSnapshot> = {}): PageSnapshot {
  return {
    path: e.path,
    context: snapshotContext(e),
    html: '<header><h1 id="t">Decks</h1></header><main><a href="/decks/1">Hangul</a></main>',
    background: 'rgb(255, 255, 255)',
    globalCss: 'body{margin:0}',
    lang: 'en-US',
    dir: 'ltr',
    savedAt: 1,
    ...over,
  };
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.cookie = 'locale=; Max-Age=0; Path=/';
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
});

describe('snapshotContext', () => {
  it('changes with the build, the look and the browser language, not with the page', () => {
    const context = snapshotContext(env());
    expect(snapshotContext(env({ path: '/home' }))).toBe(context);
    expect(snapshotContext(env({ build: 'b2' }))).not.toBe(context);
    expect(snapshotContext(env({}, ['(prefers-color-scheme: dark)']))).not.toBe(context);
    expect(snapshotContext(env({}, ['(max-width: 1279.95px)']))).not.toBe(context);
    expect(snapshotContext(env({ language: 'ko-KR' }))).not.toBe(context);
  });

  it('follows the stored theme, language code, locale cookie and signed-in user', () => {
    const e = env();
    const storage = e.storage!;
    const seen = new Set([snapshotContext(e)]);
    const add = () => {
      const c = snapshotContext(e);
      expect(seen.has(c)).toBe(false);
      seen.add(c);
    };
    storage.setItem(THEME_STORAGE_KEY, 'dark');
    add();
    storage.setItem(LANGUAGE_CODE_STORAGE_KEY, 'ja');
    add();
    document.cookie = 'locale=ko-KR; Path=/';
    add();
    // As session/auth.ts stores a session (its tokens and the email).
    storage.setItem(AUTH_KEY, JSON.stringify({ userId: 'u1', idToken: 't', refreshToken: 'r', expiresAt: 1, email: 'a@b.c' }));
    add();
    storage.setItem(AUTH_KEY, JSON.stringify({ userId: 'u2', idToken: 't', refreshToken: 'r', expiresAt: 1, email: 'a@b.c' }));
    add();
    // A refreshed token of the same user is the same context.
    const before = snapshotContext(e);
    storage.setItem(AUTH_KEY, JSON.stringify({ userId: 'u2', idToken: 't2', refreshToken: 'r2', expiresAt: 2, email: 'a@b.c' }));
    expect(snapshotContext(e)).toBe(before);
    // An explicit light theme on a dark device is light; 'system' there is dark.
    storage.setItem(THEME_STORAGE_KEY, 'light');
    expect(contextTheme(snapshotContext({ ...e, matchMedia: () => ({ matches: true }) }))).toBe('light');
    storage.setItem(THEME_STORAGE_KEY, 'system');
    expect(contextTheme(snapshotContext({ ...e, matchMedia: () => ({ matches: true }) }))).toBe('dark');
  });
});

describe('restoreSnapshot', () => {
  it("paints this page's snapshot over the empty root: inert, hidden from assistive technology, with its global rules", () => {
    document.body.innerHTML = '<div id="root"></div>';
    const e = env();
    e.storage!.setItem(SNAPSHOTS_KEY, JSON.stringify([shot(env({ path: '/home' })), shot(e)]));
    expect(restoreSnapshot(e)).toBe(true);
    const cover = document.getElementById(SNAPSHOT_ELEMENT_ID)!;
    expect(cover.nextElementSibling?.id).toBe('root');
    expect(cover.getAttribute('aria-hidden')).toBe('true');
    expect(cover.style.position).toBe('fixed');
    expect(cover.style.backgroundColor).toBe('rgb(255, 255, 255)');
    const copy = cover.firstElementChild!;
    expect(copy.hasAttribute('inert')).toBe(true);
    expect(copy.querySelector('a')?.textContent).toBe('Hangul');
    expect(document.getElementById(SNAPSHOT_STYLE_ID)?.textContent).toBe('body{margin:0}');
    expect(document.documentElement.lang).toBe('en-US');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('shows nothing for another page, another setting, when turned off, or from unreadable storage', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const e = env();
    const storage = e.storage!;
    storage.setItem(SNAPSHOTS_KEY, JSON.stringify([shot(e, { path: '/home' })]));
    expect(restoreSnapshot(e)).toBe(false);
    storage.setItem(SNAPSHOTS_KEY, JSON.stringify([shot(env({ build: 'old' }), { path: '/decks' })]));
    expect(restoreSnapshot(e)).toBe(false);
    storage.setItem(SNAPSHOTS_KEY, JSON.stringify([shot(e)]));
    storage.setItem(SNAPSHOTS_OFF_KEY, '1');
    expect(restoreSnapshot(e)).toBe(false);
    storage.removeItem(SNAPSHOTS_OFF_KEY);
    storage.setItem(SNAPSHOTS_KEY, '{broken');
    expect(restoreSnapshot(e)).toBe(false);
    storage.setItem(SNAPSHOTS_KEY, JSON.stringify({ not: 'a list' }));
    expect(restoreSnapshot(e)).toBe(false);
    expect(restoreSnapshot({ ...e, storage: null })).toBe(false);
    const throwing = { getItem: () => { throw new Error('denied'); }, setItem: () => {}, removeItem: () => {} };
    expect(restoreSnapshot({ ...e, storage: throwing })).toBe(false);
    expect(document.getElementById(SNAPSHOT_ELEMENT_ID)).toBeNull();
  });

  it('goes by itself when the app never takes it down', () => {
    vi.useFakeTimers();
    try {
      document.body.innerHTML = '<div id="root"></div>';
      const e = env();
      e.storage!.setItem(SNAPSHOTS_KEY, JSON.stringify([shot(e)]));
      expect(restoreSnapshot(e)).toBe(true);
      vi.advanceTimersByTime(SNAPSHOT_MAX_MS - 1);
      expect(document.getElementById(SNAPSHOT_ELEMENT_ID)).not.toBeNull();
      vi.advanceTimersByTime(1);
      expect(document.getElementById(SNAPSHOT_ELEMENT_ID)).toBeNull();
      expect(document.getElementById(SNAPSHOT_STYLE_ID)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves a root that already has content alone', () => {
    document.body.innerHTML = '<div id="root"><p>app</p></div>';
    const e = env();
    e.storage!.setItem(SNAPSHOTS_KEY, JSON.stringify([shot(e)]));
    expect(restoreSnapshot(e)).toBe(false);
  });
});
