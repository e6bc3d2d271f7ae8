// The entry editor's checks mirror the server's limits, and a draft saves as the server expects.
import { describe, expect, it } from 'vitest';
import type { Entry } from '../../api/generated/types';
import { LIMITS, draftOf, emptyDraft, inputOf, newEntryPath, sameDraft, validateDraft } from './entryForm';

const entry: Entry = {
  id: '0190a4b2-7c1e-7d3a-9b2f-1c2d3e4f5a6b', languageCode: 'ko', text: '물', reading: 'mul', meanings: ['water'], notes: '',
  examples: [{ text: '물을 마셔요', translation: 'I drink water' }], audioUrl: null, updatedAt: 5, deleted: false,
};

describe('validateDraft', () => {
  it('accepts a loaded entry and requires the text', () => {
    expect(validateDraft(draftOf(entry))).toEqual({});
    expect(validateDraft(emptyDraft())).toEqual({ text: { key: 'required' } });
    expect(validateDraft({ ...emptyDraft(), text: '   ' }).text).toEqual({ key: 'required' });
  });

  it('counts characters as code points, as the server does', () => {
    const astral = '𠀀'.repeat(LIMITS.text); // 2 UTF-16 units each
    expect(validateDraft({ ...emptyDraft(), text: astral })).toEqual({});
    expect(validateDraft({ ...emptyDraft(), text: astral + '가' }).text).toEqual({ key: 'tooLong', max: 200 });
    expect(validateDraft({ ...draftOf(entry), notes: 'x'.repeat(5001) }).notes).toEqual({ key: 'tooLong', max: 5000 });
    expect(validateDraft({ ...draftOf(entry), reading: 'a\u0000' }).reading).toEqual({ key: 'nul' });
  });

  it('checks each meaning and example next to its field, and their numbers', () => {
    const d = { ...draftOf(entry), meanings: ['ok', 'm'.repeat(201)], examples: [{ text: '', translation: 'orphan' }] };
    expect(validateDraft(d)).toEqual({ 'meanings.1': { key: 'tooLong', max: 200 }, 'examples.0.text': { key: 'required' } });
    const many = { ...draftOf(entry), meanings: Array.from({ length: 21 }, (_, i) => `m${i}`) };
    expect(validateDraft(many).meanings).toEqual({ key: 'tooMany', max: 20 });
  });

  it('takes http(s) URLs and site paths for audio, nothing else', () => {
    const url = (audioUrl: string) => validateDraft({ ...draftOf(entry), audioUrl }).audioUrl;
    expect(url('')).toBeUndefined();
    expect(url('https://example.com/a.mp3')).toBeUndefined();
    expect(url('/media/' + 'a1'.repeat(32) + '.mp3')).toBeUndefined();
    expect(url('https://cdn.example.org:8443/a%20b.mp3?v=2#t=1')).toBeUndefined();
    // The server's refusals (validate::audio_url): another origin in disguise, other schemes.
    for (const bad of ['/audio/a.mp3', '//evil.test/a.mp3', '/\\evil.test/a.mp3', 'http://example.com/a.mp3', 'https://user@evil.test/a', 'https:\\\\evil.test', 'data:audio/mp3,x'])
      expect(url(bad), bad).toEqual({ key: 'url' });
    expect(url('javascript:alert(1)')).toEqual({ key: 'url' });
    expect(url('https://example.com/a b.mp3')).toEqual({ key: 'url' });
    expect(url('https://' + 'a'.repeat(2100))).toEqual({ key: 'tooLong', max: 2048 });
  });
});

describe('inputOf', () => {
  it('trims, drops blank rows and sends no audio as null', () => {
    const d = { ...emptyDraft(), text: ' 불 ', meanings: ['fire ', '  '], examples: [{ text: '', translation: '' }, { text: ' 불이야 ', translation: 'Fire!' }] };
    expect(inputOf(d, 'id', 'ko')).toEqual({
      id: 'id', languageCode: 'ko', text: '불', reading: '', meanings: ['fire'], notes: '',
      examples: [{ text: '불이야', translation: 'Fire!' }], audioUrl: null,
    });
  });

  it('sees no change in blank rows or surrounding spaces', () => {
    expect(sameDraft(draftOf(entry), { ...draftOf(entry), meanings: ['water', ''] })).toBe(true);
    expect(sameDraft(draftOf(entry), { ...draftOf(entry), reading: 'mul2' })).toBe(false);
  });
});

it('opens a new entry at a fresh UUID', () => {
  expect(newEntryPath('ko')).toMatch(/^\/admin\/ko\/entries\/[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\?new=1$/);
});
