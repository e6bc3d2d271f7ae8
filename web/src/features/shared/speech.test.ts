// The listening rule: a recording first, then the device's voice, and the one notice when neither.
import { describe, expect, it } from 'vitest';
import { listenNotice, listenSource, pickVoice, type SpeechStatus } from './speech';

describe('listenSource and listenNotice', () => {
  const url = '/media/' + 'a'.repeat(64) + '.mp3';
  const table: [SpeechStatus, string | null, ReturnType<typeof listenSource>, ReturnType<typeof listenNotice>][] = [
    ['ready', null, 'voice', null],
    ['ready', url, 'recording', null],
    ['noVoice', url, 'recording', null],
    ['unsupported', url, 'recording', null],
    ['loading', url, 'recording', null],
    ['loading', null, 'waiting', null],
    ['noVoice', null, 'none', 'noVoice'],
    ['unsupported', null, 'none', 'noSpeech'],
  ];
  it.each(table)('%s with audio %s: %s, notice %s', (status, audio, source, notice) => {
    expect(listenSource(status, audio)).toBe(source);
    expect(listenNotice(status, audio)).toBe(notice);
  });
  it('reads an empty audioUrl as none', () => {
    expect(listenSource('noVoice', '')).toBe('none');
  });
});

describe('pickVoice', () => {
  const v = (lang: string, localService = true, isDefault = false) => ({ lang, localService, default: isDefault });
  it('finds none in an empty list (Chromium on Linux) or another language', () => {
    expect(pickVoice([], 'ko')).toBeUndefined();
    expect(pickVoice([v('en-US')], 'ko')).toBeUndefined();
  });
  it('prefers the exact tag, then the primary language, local first', () => {
    expect(pickVoice([v('ko-KR', false), v('ko_KR')], 'ko-KR')?.localService).toBe(true);
    expect(pickVoice([v('zh-CN'), v('zh-TW')], 'zh-TW')?.lang).toBe('zh-TW');
    expect(pickVoice([v('ko-KR')], 'ko')?.lang).toBe('ko-KR');
  });
});
