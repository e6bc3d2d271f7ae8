// An entry's graphemes (what gets stroke counts) and the choice of a speech voice.
import { describe, expect, it } from 'vitest';
import { entryGraphemes } from './characters';
import { pickVoice } from '../shared/speech';

describe('entryGraphemes', () => {
  it('keeps distinct letters in order, skipping spaces, digits and punctuation', () => {
    expect(entryGraphemes('안녕, 안녕하세요!')).toEqual(['안', '녕', '하', '세', '요']);
    expect(entryGraphemes('2 cats')).toEqual(['c', 'a', 't', 's']);
    expect(entryGraphemes('日本語')).toEqual(['日', '本', '語']);
  });
  it('composes decomposed Hangul first', () => {
    expect(entryGraphemes('\u1100\u1161')).toEqual(['가']);
  });
});

describe('pickVoice', () => {
  const v = (lang: string, localService = true, isDefault = false) => ({ lang, localService, default: isDefault, name: lang });
  it('prefers the exact tag, then the primary language, local first', () => {
    expect(pickVoice([v('en-US'), v('ko-KR', false), v('ko-KR')], 'ko-KR')).toEqual(v('ko-KR'));
    expect(pickVoice([v('en-US'), v('ko_KR')], 'ko')?.lang).toBe('ko_KR');
    expect(pickVoice([v('zh-CN'), v('zh-TW')], 'zh-TW')?.lang).toBe('zh-TW');
  });
  it('finds none for a language without a voice', () => {
    expect(pickVoice([v('en-US'), v('fr-FR')], 'ko')).toBeUndefined();
    expect(pickVoice([], 'ko')).toBeUndefined();
  });
});
