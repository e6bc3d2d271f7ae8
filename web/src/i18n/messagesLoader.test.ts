import { describe, expect, it, vi } from 'vitest';
import { LocaleLoadError, MESSAGES_CACHE_MS, loadMessages } from './messagesLoader';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

const urls = { 'ko-KR': '/_i18n/abc/ko-KR/messages.json' };
const ok = (body: unknown) => ({ ok: true, status: 200, json: async () => body });

describe('loadMessages', () => {
  it('fetches from the hashed URL and caches for 24 h', async () => {
    const storage = memoryStorage();
    const fetch = vi.fn(async () => ok({ 'app.name': '라이트잇' }));
    let now = 1_000_000;
    const env = { urls, fetch, storage, now: () => now };
    expect(await loadMessages('ko-KR', env)).toEqual({ 'app.name': '라이트잇' });
    expect(fetch).toHaveBeenCalledWith('/_i18n/abc/ko-KR/messages.json');
    now += MESSAGES_CACHE_MS - 1;
    await loadMessages('ko-KR', env);
    expect(fetch).toHaveBeenCalledTimes(1);
    now += 1;
    await loadMessages('ko-KR', env);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('ignores a cached copy of another URL (new hash)', async () => {
    const storage = memoryStorage();
    const fetch = vi.fn(async () => ok({ a: 'b' }));
    await loadMessages('ko-KR', { urls, fetch, storage });
    await loadMessages('ko-KR', { urls: { 'ko-KR': '/_i18n/def/ko-KR/messages.json' }, fetch, storage });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('fails with "Failed loading locale (code)"', async () => {
    const failing = vi.fn(async () => ({ ok: false, status: 500, json: async () => ({}) }));
    await expect(loadMessages('ko-KR', { urls, fetch: failing })).rejects.toThrow('Failed loading locale (ko-KR)');
    const offline = vi.fn(async () => { throw new TypeError('network'); });
    await expect(loadMessages('ko-KR', { urls, fetch: offline })).rejects.toBeInstanceOf(LocaleLoadError);
    const garbage = vi.fn(async () => ok([1, 2]));
    await expect(loadMessages('ko-KR', { urls, fetch: garbage })).rejects.toThrow('Failed loading locale (ko-KR)');
    await expect(loadMessages('xx', { urls, fetch: garbage })).rejects.toThrow('Failed loading locale (xx)');
  });
});
