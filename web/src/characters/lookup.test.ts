import { describe, expect, it } from 'vitest';
import type { Character, Stroke } from '../api/generated/types';
import { resolveCharacter } from './lookup';

const stroke: Stroke = { path: 'M 0 0 L 10 10 Z', median: [[0, 0], [10, 10]] };
const char = (languageCode: string, value: string, strokes: Stroke[] = [stroke], deleted = false): Character => ({
  id: `${languageCode}-${value}`,
  languageCode,
  value,
  strokes,
  source: `${languageCode} set`,
  leniency: 1,
  alternatives: [],
  updatedAt: 1,
  deleted,
});

describe('resolveCharacter borrows from another language', () => {
  const cases: [string, Character | undefined, Character | undefined, string | null][] = [
    ["a kanji Japanese has no row of: Chinese's", undefined, char('zh', '嬉'), 'zh set'],
    ["Japanese's own row wins", char('ja', '嬉'), char('zh', '嬉'), 'ja set'],
    ['an own row without strokes: the borrowed one', char('ja', '嬉', []), char('zh', '嬉'), 'zh set'],
    ['a deleted borrowed row: none', undefined, char('zh', '嬉', [stroke], true), null],
    ['nothing anywhere: none', undefined, undefined, null],
  ];
  it.each(cases)('%s', (_name, own, other, source) => {
    const r = resolveCharacter('ja', '嬉', (_l, v) => (v === '嬉' ? own : undefined), (v) => (v === '嬉' ? other : undefined));
    expect(r?.source ?? null).toBe(source);
    if (r) expect(r.languageCode).toBe('ja');
  });
});
