import { describe, expect, it } from 'vitest';
import { configuredLanguageCode, createLanguageCodeStore, initialLanguageCode } from './languageCode';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('language code', () => {
  it('defaults to ko, else the stored preference, unless configured', () => {
    expect(initialLanguageCode('', memoryStorage())).toBe('ko');
    expect(initialLanguageCode('', memoryStorage({ languageCode: 'ja' }))).toBe('ja');
    expect(initialLanguageCode('', memoryStorage({ languageCode: 'NOT VALID' }))).toBe('ko');
    expect(initialLanguageCode('zh', memoryStorage({ languageCode: 'ja' }))).toBe('zh');
  });

  it('normalises the configured code', () => {
    expect(configuredLanguageCode(undefined)).toBe('');
    expect(configuredLanguageCode('')).toBe('');
    expect(configuredLanguageCode(' KO ')).toBe('ko');
    expect(configuredLanguageCode('pt-br')).toBe('pt-br');
    expect(configuredLanguageCode('??')).toBe('');
  });

  it('saves the preference on change only when choice is allowed', () => {
    const storage = memoryStorage();
    const free = createLanguageCodeStore({ configured: '', storage });
    expect(free.allowed).toBe(true);
    expect(storage.data.has('languageCode')).toBe(false);
    expect(free.set('ja')).toBe(true);
    expect(free.get()).toBe('ja');
    expect(storage.data.get('languageCode')).toBe('ja');
    expect(free.set('Bad Code')).toBe(false);

    const fixedStorage = memoryStorage();
    const fixed = createLanguageCodeStore({ configured: 'zh', storage: fixedStorage });
    expect(fixed.allowed).toBe(false);
    expect(fixed.set('ja')).toBe(false);
    expect(fixed.get()).toBe('zh');
    expect(fixedStorage.data.size).toBe(0);
  });
});
