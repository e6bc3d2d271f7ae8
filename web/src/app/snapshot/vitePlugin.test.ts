// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { snapshotContext, SNAPSHOT_ELEMENT_ID, SNAPSHOTS_KEY, STYLE_CACHE_KEY } from './restore';
import { startScript } from './vitePlugin';

afterEach(() => {
  localStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the start script index.html runs', () => {
  it('is restore.ts compiled to a classic script that restores the styles and the snapshot', async () => {
    const code = await startScript('b7');
    expect(code).not.toMatch(/\bexport\b|\bimport\b/);
    // What the page would have: this build's styles and a snapshot of this page.
    localStorage.setItem(STYLE_CACHE_KEY, JSON.stringify({ build: 'b7', names: ['abc'], css: '.wi-abc{color:red}' }));
    const context = snapshotContext({
      doc: document,
      storage: localStorage,
      build: 'b7',
      path: '/',
      matchMedia: (q) => window.matchMedia(q),
      language: navigator.language,
    });
    localStorage.setItem(
      SNAPSHOTS_KEY,
      JSON.stringify([{ path: location.pathname + location.search, context, html: '<h1>Home</h1>', background: '', globalCss: '', lang: 'en', dir: 'ltr', savedAt: 1 }]),
    );
    document.body.innerHTML = '<div id="root"></div>';
    // As a classic inline script would run it.
    new Function(code)();
    expect(document.head.querySelector('style[data-emotion="wi abc"]')?.textContent).toBe('.wi-abc{color:red}');
    expect(document.getElementById(SNAPSHOT_ELEMENT_ID)?.textContent).toBe('Home');
  });

  it('never throws, whatever storage holds', async () => {
    const code = await startScript('b7');
    localStorage.setItem(SNAPSHOTS_KEY, '{{{');
    localStorage.setItem(STYLE_CACHE_KEY, 'nope');
    document.body.innerHTML = '<div id="root"></div>';
    expect(() => new Function(code)()).not.toThrow();
    expect(document.getElementById(SNAPSHOT_ELEMENT_ID)).toBeNull();
  });
});
