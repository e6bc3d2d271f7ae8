// The TypeScript composer against the vectors Rust wrote (data/starter/characters/
// hangul-vectors.json, from the committed ko-jamo set): byte-identical strokes, or the twins
// have drifted. Also: the lookup prefers a stored syllable over the composed one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Character, Stroke } from '../api/generated/types';
import { composeSyllable, decompose, vowelShape } from './hangul';
import { resolveCharacter } from './lookup';

const dir = join(__dirname, '..', '..', '..', 'data', 'starter', 'characters');
const read = <T>(name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T;

interface SetFile {
  languageCode: string;
  source: string;
  characters: { value: string; strokes: Stroke[] }[];
}

const jamoSet = read<SetFile>('ko-jamo.json');
const jamo = new Map(jamoSet.characters.map((c) => [c.value, c.strokes]));
const vectors = read<{ value: string; strokes: Stroke[] }[]>('hangul-vectors.json');

function row(value: string, strokes: Stroke[]): Character {
  return { id: `id-${value}`, languageCode: 'ko', value, strokes, source: 'test', leniency: 1, alternatives: [], updatedAt: 1, deleted: false };
}

describe('Hangul composer', () => {
  it('decomposes by the Unicode formula', () => {
    expect(decompose('한')).toEqual({ initial: 'ㅎ', vowel: 'ㅏ', last: 'ㄴ' });
    expect(decompose('닭')).toEqual({ initial: 'ㄷ', vowel: 'ㅏ', last: 'ㄺ' });
    expect(decompose('의')).toEqual({ initial: 'ㅇ', vowel: 'ㅢ', last: null });
    expect(decompose('ㄱ')).toBeNull();
    expect(vowelShape('ㅢ')).toBe('combined');
  });

  it('matches every Rust vector byte for byte', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(20);
    for (const v of vectors) {
      const strokes = composeSyllable(v.value, (j) => jamo.get(j));
      expect(JSON.stringify(strokes), v.value).toBe(JSON.stringify(v.strokes));
    }
  });

  it('gives 한 six strokes and 닭 eight', () => {
    expect(composeSyllable('한', (j) => jamo.get(j))).toHaveLength(6);
    expect(composeSyllable('닭', (j) => jamo.get(j))).toHaveLength(8);
    expect(composeSyllable('가', () => undefined)).toBeNull();
  });
});

describe('resolveCharacter', () => {
  const stored = new Map(jamoSet.characters.map((c) => [c.value, row(c.value, c.strokes)]));
  const find = (lang: string, value: string) => (lang === 'ko' ? stored.get(value) : undefined);

  it('composes a syllable that is not stored', () => {
    const r = resolveCharacter('ko', '한', find);
    expect(r?.stored).toBeNull();
    expect(r?.strokes).toHaveLength(6);
  });

  it('prefers an admin-saved syllable to the composed one', () => {
    const own = row('한', [{ path: 'M 0 0 L 10 10 Z', median: [[0, 0], [10, 10]] }]);
    const r = resolveCharacter('ko', '한', (lang, v) => (v === '한' ? own : find(lang, v)));
    expect(r?.stored).toBe(own);
    expect(r?.strokes).toEqual(own.strokes);
  });

  it('ignores a deleted override and answers null for unknown characters', () => {
    const gone = { ...row('한', []), deleted: true };
    expect(resolveCharacter('ko', '한', (l, v) => (v === '한' ? gone : find(l, v)))?.strokes).toHaveLength(6);
    expect(resolveCharacter('ko', 'A', find)).toBeNull();
    expect(resolveCharacter('ja', 'ㄱ', find)).toBeNull();
  });
});
