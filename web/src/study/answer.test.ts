// Typed answers: what counts as right, as a near miss, and as wrong.
import { describe, expect, it } from 'vitest';
import { acceptedForms, checkAnswer, editDistance, nearMissAllowance, normaliseAnswer } from './answer';

describe('normaliseAnswer', () => {
  it('ignores case, outer punctuation and extra spacing', () => {
    expect(normaliseAnswer('  To   Eat! ')).toBe('to eat');
    expect(normaliseAnswer('Hello,  world.')).toBe('hello,world');
  });

  it('makes composed and decomposed Hangul equal', () => {
    const composed = '한국어';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    expect(decomposed.length).toBeGreaterThan(composed.length);
    expect(normaliseAnswer(decomposed)).toBe(normaliseAnswer(composed));
    expect(checkAnswer(decomposed, [composed]).verdict).toBe('correct');
  });

  it('folds full-width letters and Latin composed/decomposed accents', () => {
    expect(normaliseAnswer('ＣＡＴ')).toBe('cat');
    expect(checkAnswer('cafe\u0301', ['café']).verdict).toBe('correct');
  });
});

describe('acceptedForms', () => {
  it('splits alternatives and drops notes and small leading words', () => {
    const forms = acceptedForms('to eat; to have (a meal)');
    expect(forms).toEqual(expect.arrayContaining(['eat', 'to eat', 'have', 'to have']));
  });
});

describe('checkAnswer', () => {
  it('accepts any listed meaning', () => {
    expect(checkAnswer('hi', ['hello', 'hi']).verdict).toBe('correct');
    expect(checkAnswer('Hello', ['hello', 'hi']).closest).toBe('hello');
    expect(checkAnswer('eat', ['to eat']).verdict).toBe('correct');
    expect(checkAnswer('river bank', ['bank (river)', 'river bank']).verdict).toBe('correct');
  });

  it('tells a near miss from a wrong answer', () => {
    expect(checkAnswer('helo', ['hello']).verdict).toBe('near');
    expect(checkAnswer('hlelo', ['hello']).verdict).toBe('near'); // transposition
    expect(checkAnswer('goodbye', ['hello']).verdict).toBe('wrong');
    expect(checkAnswer('beautifull', ['beautiful']).verdict).toBe('near');
    // Short words: one letter makes another word.
    expect(checkAnswer('cut', ['cat']).verdict).toBe('wrong');
    expect(checkAnswer('', ['cat']).verdict).toBe('wrong');
  });

  it('counts a Hangul slip by its letters, not its syllables', () => {
    // 먹다 vs 멱다: one vowel jamo differs among five.
    expect(checkAnswer('멱다', ['먹다']).verdict).toBe('near');
    expect(checkAnswer('사과', ['먹다']).verdict).toBe('wrong');
  });

  it('near misses on readings too', () => {
    expect(checkAnswer('annyeonghaseo', ['annyeonghaseyo']).verdict).toBe('near');
    expect(checkAnswer('kamsahamnida', ['gamsahamnida']).verdict).toBe('near');
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swaps', () => {
    const d = (a: string, b: string) => editDistance([...a], [...b]);
    expect(d('', 'abc')).toBe(3);
    expect(d('kitten', 'sitting')).toBe(3);
    expect(d('ab', 'ba')).toBe(1);
    expect(d('same', 'same')).toBe(0);
    expect(nearMissAllowance(3)).toBe(0);
    expect(nearMissAllowance(5)).toBe(1);
  });
});

describe('formatting', () => {
  it('labels intervals and durations', async () => {
    const { formatDuration, formatInterval } = await import('./format');
    expect(formatInterval(60_000, 'en-US')).toBe('1 min');
    expect(formatInterval(10 * 60_000, 'en-US')).toBe('10 min');
    expect(formatInterval(3 * 86_400_000, 'en-US')).toBe('3 days');
    expect(formatInterval(400 * 86_400_000, 'en-US')).toBe('1.1 yrs');
    expect(formatDuration(125_000)).toBe('2:05');
    expect(formatDuration(3_725_000)).toBe('1:02:05');
  });
});
