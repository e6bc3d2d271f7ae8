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
