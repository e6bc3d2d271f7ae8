// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { clearSnapshots, MAX_SNAPSHOT_CHARS, MAX_SNAPSHOTS, snapshotAllowed, snapshotMarkup, takeSnapshot, type CaptureEnv } from './capture';
import { readSnapshots, restoreSnapshot, SNAPSHOT_ELEMENT_ID, SNAPSHOTS_KEY, SNAPSHOTS_OFF_KEY } from './restore';
import { memoryStorage } from './testing';


function page(html: string): Element {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  return document.getElementById('root')!;
}

function captureEnv(root: Element, over: Partial<CaptureEnv> = {}): CaptureEnv {
  return {
    doc: document,
    storage: memoryStorage(),
    build: 'b1',
    path: '/decks',
    matchMedia: () => ({ matches: false }),
    language: 'en-US',
    root,
    now: 1000,
    ...over,
  };
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('snapshots', () => {
  it('are taken of the browsing pages only', () => {
    for (const p of ['/', '/home', '/decks', '/entries', '/cards', '/decks/d1', '/entries/e1', '/decks/d1/entries/e1']) {
      expect(snapshotAllowed(p), p).toBe(true);
    }
    for (const p of ['/decks/d1/review', '/decks/d1/test', '/decks/d1/entries/e1/writing', '/decks/d1/entries/e1/reading', '/settings', '/signin', '/theme', '/admin', '/admin/ko/entries', '/nowhere/at/all']) {
      expect(snapshotAllowed(p), p).toBe(false);
    }
  });

  it('keep the markup without ids, ripples or parts marked to be left out', () => {
    const root = page(
      '<main id="main"><h1 id="x">Decks</h1><button>Go<span class="MuiTouchRipple-root"><span class="MuiTouchRipple-child"></span></span></button>' +
        '<div data-no-snapshot>live only</div><input autofocus></main>',
    );
    const html = snapshotMarkup(root);
    expect(html).not.toMatch(/\sid=/);
    expect(html).not.toContain('MuiTouchRipple-child');
    expect(html).not.toContain('live only');
    expect(html).not.toContain('autofocus');
    expect(html).toContain('<h1>Decks</h1>');
    // The page itself is untouched.
    expect(root.querySelector('#x')).not.toBeNull();
  });

  it('round-trip: what is taken is shown on the next start of that page in that setting', () => {
    const root = page('<main><h1>Decks</h1><a href="/decks/1">Hangul letters</a></main>');
    const e = captureEnv(root);
    expect(takeSnapshot(e)).toBe(true);
    document.body.innerHTML = '<div id="root"></div>';
    expect(restoreSnapshot(e)).toBe(true);
    expect(document.getElementById(SNAPSHOT_ELEMENT_ID)?.textContent).toBe('DecksHangul letters');
    document.body.innerHTML = '<div id="root"></div>';
    expect(restoreSnapshot({ ...e, path: '/home' })).toBe(false);
    expect(restoreSnapshot({ ...e, build: 'b2' })).toBe(false);
  });

  it('keep the newest few pages, one each, and fewer when storage is short', () => {
    const storage = memoryStorage();
    for (let i = 0; i < MAX_SNAPSHOTS + 3; i++) {
      takeSnapshot(captureEnv(page(`<p>page ${i}</p>`), { storage, path: `/decks/d${i}`, now: i }));
    }
    takeSnapshot(captureEnv(page('<p>again</p>'), { storage, path: `/decks/d${MAX_SNAPSHOTS + 1}`, now: 99 }));
    const kept = readSnapshots(storage);
    expect(kept).toHaveLength(MAX_SNAPSHOTS);
    expect(kept[0]).toMatchObject({ path: `/decks/d${MAX_SNAPSHOTS + 1}`, html: '<p>again</p>' });
    expect(kept.filter((s) => s.path === `/decks/d${MAX_SNAPSHOTS + 1}`)).toHaveLength(1);

    // Room for about two: the new one goes in, older ones make way.
    const small = memoryStorage(1500);
    for (let i = 0; i < 4; i++) expect(takeSnapshot(captureEnv(page(`<p>${'x'.repeat(300)} ${i}</p>`), { storage: small, path: `/p${i}` }))).toBe(true);
    expect(readSnapshots(small)[0]?.path).toBe('/p3');
    expect(readSnapshots(small).length).toBeLessThan(4);
  });

  it('are not taken when too large, turned off, or without storage; clearing forgets them', () => {
    const storage = memoryStorage();
    expect(takeSnapshot(captureEnv(page(`<p>${'x'.repeat(MAX_SNAPSHOT_CHARS)}</p>`), { storage }))).toBe(false);
    expect(takeSnapshot(captureEnv(page(''), { storage }))).toBe(false);
    storage.setItem(SNAPSHOTS_OFF_KEY, '1');
    expect(takeSnapshot(captureEnv(page('<p>x</p>'), { storage }))).toBe(false);
    expect(storage.getItem(SNAPSHOTS_KEY)).toBeNull();
    expect(takeSnapshot(captureEnv(page('<p>x</p>'), { storage: null }))).toBe(false);
    storage.removeItem(SNAPSHOTS_OFF_KEY);
    expect(takeSnapshot(captureEnv(page('<p>x</p>'), { storage }))).toBe(true);
    clearSnapshots(storage);
    expect(readSnapshots(storage)).toEqual([]);
  });
});
