import { describe, expect, it, vi } from 'vitest';
import { createI18nStore, englishMessages } from './i18nStore';

const urls = { 'ko-KR': '/_i18n/test/ko-KR/messages.json', he: '/_i18n/test/he/messages.json' };
const doc = (cookie: string) => ({ cookie, documentElement: { lang: '', dir: '' } }) as unknown as Document;

describe('i18n store', () => {
  // First in this file: the English messages are not loaded yet (they load once per module).
  it("starts loading the locale's messages while the English fallback loads, not after it", async () => {
    let englishAtFetch: number | undefined;
    const fetch = vi.fn(async () => {
      englishAtFetch = Object.keys(englishMessages()).length;
      return new Response(JSON.stringify({ 'app.name': '라이트잇' }));
    });
    const store = createI18nStore({ document: doc('locale=ko-KR'), urls, fetch });
    await store.init();
    expect(englishAtFetch).toBe(0);
    expect(store.getState()).toMatchObject({ locale: 'ko-KR', ready: true, messages: { 'app.name': '라이트잇' } });
  });

  it('switches to a right-to-left locale only once what it prepares (the RTL styles) is in', async () => {
    let release!: () => void;
    const styles = new Promise<void>((ok) => (release = ok));
    const prepare = vi.fn((dir: 'ltr' | 'rtl') => (dir === 'rtl' ? styles : undefined));
    const document = doc('');
    const store = createI18nStore({ document, urls, fetch: async () => new Response(JSON.stringify({ 'nav.home': 'בית' })), prepare });
    await store.init();
    const switching = store.setLocale('he');
    await new Promise((r) => setTimeout(r, 20));
    expect(prepare).toHaveBeenCalledWith('rtl');
    expect(store.getState().dir).toBe('ltr');
    expect(document.documentElement.dir).toBe('ltr');
    release();
    await switching;
    expect(store.getState()).toMatchObject({ locale: 'he', dir: 'rtl' });
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('falls back to English and names the locale when its messages fail, without an unhandled rejection', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const store = createI18nStore({ document: doc('locale=he'), urls, fetch: async () => new Response('no', { status: 500 }) });
      await store.init();
      await new Promise((r) => setTimeout(r, 10));
      expect(store.getState()).toMatchObject({ locale: 'en-US', ready: true, failedLocale: 'he' });
      expect(store.getState().messages['app.name']).toBe('WriteIt');
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
