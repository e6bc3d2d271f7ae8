// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import createCache from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';
import { insertStyles } from '@emotion/utils';
import { restoreStyles as restore, STYLE_CACHE_KEY } from './snapshot/restore';
import { saveStyles } from './styleCache';
import { memoryStorage } from './snapshot/testing';

const restoreStyles = (doc: Document, storage: ReturnType<typeof memoryStorage>, build: string, key?: string) =>
  restore({ doc, storage, build }, key);


afterEach(() => {
  document.head.innerHTML = '';
});

/** Inserts a style through `cache` as a styled component would; returns its class name. */
function use(cache: ReturnType<typeof createCache>, css: string): string {
  const serialized = serializeStyles([css], cache.registered);
  insertStyles(cache, serialized, false);
  return `${cache.key}-${serialized.name}`;
}

describe('styleCache', () => {
  it('restores what a visit saved: the next cache counts those styles as inserted', () => {
    const storage = memoryStorage();
    const first = createCache({ key: 'tst' });
    const cls = use(first, 'color: red;');
    use(first, 'margin: 4px;');
    saveStyles(first, storage, 'b1');
    document.head.innerHTML = '';

    expect(restoreStyles(document, storage, 'b1', 'tst')).toBe(2);
    const next = createCache({ key: 'tst' });
    expect(Object.keys(next.inserted).sort()).toEqual(Object.keys(first.inserted).sort());
    // The rule is in the document, and using the style again inserts nothing new.
    expect(document.head.textContent).toContain(`.${cls}`);
    const before = document.head.querySelectorAll('style').length;
    use(next, 'color: red;');
    expect(document.head.querySelectorAll('style').length).toBe(before);
  });

  it('ignores styles of another build and drops unreadable ones', () => {
    const storage = memoryStorage();
    const cache = createCache({ key: 'tst' });
    use(cache, 'color: blue;');
    saveStyles(cache, storage, 'old');
    expect(restoreStyles(document, storage, 'new')).toBe(0);
    expect(storage.getItem(STYLE_CACHE_KEY)).toBeNull();

    storage.setItem(STYLE_CACHE_KEY, '{not json');
    expect(restoreStyles(document, storage, 'new')).toBe(0);
    expect(storage.getItem(STYLE_CACHE_KEY)).toBeNull();
    expect(document.head.querySelectorAll('style[data-emotion^="wi "]')).toHaveLength(0);
  });

  it('keeps only well-formed names', () => {
    const storage = memoryStorage();
    storage.setItem(STYLE_CACHE_KEY, JSON.stringify({ build: 'b', names: ['abc', 'x y', '"><', 7], css: '.wi-abc{color:red}' }));
    expect(restoreStyles(document, storage, 'b')).toBe(1);
    expect(document.head.querySelector('style')?.getAttribute('data-emotion')).toBe('wi abc');
  });
});
