import { describe, expect, it } from 'vitest';
import { validParams } from './routeParams';
import { HttpError, errorStatus, pageNotFoundError, errorTitle, isChunkLoadError, isCrawler, onAppError, reportAppError, shouldReloadForChunkError, unmatchedRouteError } from './errors';

const uuid = '0b9e3c1e-2f4a-4c8e-9d6b-1a2b3c4d5e6f';

describe('route parameters', () => {
  it('accepts UUIDs and language codes', () => {
    expect(validParams({ deckId: uuid, entryId: uuid.toUpperCase() })).toBe(true);
    expect(validParams({ languageCode: 'ko' })).toBe(true);
    expect(validParams({ languageCode: 'pt-br' })).toBe(true);
    expect(validParams({ characterId: uuid, languageCode: 'yue' })).toBe(true);
  });

  it('rejects anything else', () => {
    expect(validParams({ deckId: 'abc' })).toBe(false);
    expect(validParams({ entryId: uuid + 'x' })).toBe(false);
    expect(validParams({ languageCode: 'KO' })).toBe(false);
    expect(validParams({ languageCode: 'abcd' })).toBe(false);
    expect(validParams({ languageCode: 'ko_' })).toBe(false);
  });

  it('makes the fatal 404 with the full path', () => {
    const error = pageNotFoundError('/decks/nope/review?x=1');
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(404);
    expect(error.fatal).toBe(true);
    expect(error.message).toBe('Page Not Found: /decks/nope/review?x=1');
  });
});

describe('errors', () => {
  it('maps statuses to titles, defaulting to 500', () => {
    expect(errorStatus(new Error('boom'))).toBe(500);
    expect(errorStatus(unmatchedRouteError('/x'))).toBe(404);
    expect(unmatchedRouteError('/x').message).toBe('Page not found: /x');
    expect(unmatchedRouteError('/x').fatal).toBe(false);
    expect(errorStatus({ status: 403 })).toBe(403);
    expect(errorTitle(404)).toBe('Page Not Found');
    expect(errorTitle(500)).toBe('Internal Server Error');
    expect(errorTitle(403)).toBe('Internal Server Error');
  });

  it('recognises crawlers', () => {
    expect(isCrawler('Mozilla/5.0 (compatible; Googlebot/2.1)')).toBe(true);
    expect(isCrawler('Mozilla/5.0 (compatible; Yahoo! Slurp)')).toBe(true);
    expect(isCrawler('Mozilla/5.0 Chrome-Lighthouse')).toBe(true);
    expect(isCrawler('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36')).toBe(false);
    expect(isCrawler(undefined)).toBe(false);
  });

  it('reports to app error hooks', () => {
    const seen: unknown[] = [];
    const off = onAppError((e) => seen.push(e));
    onAppError(() => { throw new Error('bad hook'); });
    reportAppError('one');
    off();
    reportAppError('two');
    expect(seen).toEqual(['one']);
  });

  it('reloads for chunk errors once per 10 s per path', () => {
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('other'))).toBe(false);
    expect(shouldReloadForChunkError('/decks', storage, 100_000)).toBe(true);
    expect(shouldReloadForChunkError('/decks', storage, 105_000)).toBe(false);
    expect(shouldReloadForChunkError('/home', storage, 105_000)).toBe(true);
    expect(shouldReloadForChunkError('/decks', storage, 110_000)).toBe(true);
    // No storage (blocked by privacy settings): no guard across reloads, so no reload.
    expect(shouldReloadForChunkError('/decks', undefined, 200_000)).toBe(false);
  });
});
