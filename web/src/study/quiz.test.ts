// Test-mode questions: what a deck teaches (a letter's sound, a word's meaning), the mix, the
// distractors from the same deck, one question per entry, and grading to review ratings.
import { describe, expect, it } from 'vitest';
import type { Entry } from '../api/generated/types';
import { cardId } from '../db/cardId';
import { buildQuiz, deckTeaches, grade, isLetter, RATING_OF, seededRandom, soundAnswers } from './quiz';

const entry = (n: number, meanings: string[], reading = `r${n}`): Entry => ({
  id: `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  languageCode: 'ko',
  text: `word${n}`,
  reading,
  meanings,
  notes: '',
  examples: [],
  updatedAt: 1,
  deleted: false,
});
const deck = Array.from({ length: 12 }, (_, i) => entry(i, [`meaning ${i}`, `alt ${i}`]));

describe('buildQuiz', () => {
  it('mixes choice, typed and true/false questions, one per card', () => {
    const q = buildQuiz(deck, seededRandom(1));
    expect(q).toHaveLength(12);
    const types = new Set(q.map((x) => x.type));
    expect(types).toEqual(new Set(['choice', 'typed', 'trueFalse']));
    expect(new Set(q.map((x) => x.cardId)).size).toBe(12);
    for (const x of q) expect(x.cardId).toBe(cardId(x.entry.id, x.kind));
    // A vocabulary deck asks meanings.
    expect(q.every((x) => x.teaches === 'meaning' && x.kind === 'meaning')).toBe(true);
  });

  it('asks the sound of each letter of an alphabet, and accepts it as the learner types it', () => {
    const jamo = [['ㄱ', 'g/k', 'giyeok (consonant)'], ['ㄴ', 'n', 'nieun (consonant)'], ['ㄷ', 'd/t', 'digeut (consonant)'], ['ㄹ', 'r/l', 'rieul (consonant)'], ['ㅁ', 'm', 'mieum (consonant)'], ['ㅅ', 's', 'siot (consonant)']];
    const letters = jamo.map(([text, reading, meaning], i) => ({ ...entry(i, [meaning!], reading), text: text! }));
    const q = buildQuiz(letters, seededRandom(7));
    expect(q).toHaveLength(6);
    expect(q.every((x) => x.teaches === 'sound' && x.kind === 'reading' && x.cardId === cardId(x.entry.id, 'reading'))).toBe(true);
    for (const x of q.filter((x) => x.type === 'choice')) for (const o of x.options!) expect(jamo.map((j) => j[1])).toContain(o);
    const siot = { ...q[0]!, type: 'typed' as const, answers: soundAnswers('s') };
    expect(grade(siot, { text: 's' }).verdict).toBe('correct');
    expect(grade(siot, { text: 'siot' }).verdict).toBe('wrong');
    const gk = { ...q[0]!, type: 'typed' as const, answers: soundAnswers('g/k') };
    expect(grade(gk, { text: 'k' }).verdict).toBe('correct');
    const alif = { ...q[0]!, type: 'typed' as const, answers: soundAnswers('alif (ā)') };
    for (const typed of ['alif', 'ā', 'a', 'alif (ā)']) expect(grade(alif, { text: typed }).verdict, typed).toBe('correct');
  });

  it('gives four options from the same deck, exactly one right', () => {
    for (const x of buildQuiz(deck, seededRandom(2)).filter((x) => x.type === 'choice')) {
      expect(x.options).toHaveLength(4);
      expect(new Set(x.options).size).toBe(4);
      const right = x.options!.filter((o) => x.answers.includes(o));
      expect(right).toHaveLength(1);
      expect(x.options![x.correctIndex!]).toBe(right[0]);
      const pool = x.kind === 'meaning' ? deck.flatMap((e) => e.meanings) : deck.map((e) => e.reading);
      for (const o of x.options!) expect(pool).toContain(o);
    }
  });

  it('falls back to typed answers when the deck is too small for four options', () => {
    const q = buildQuiz(deck.slice(0, 2), seededRandom(3));
    expect(q.every((x) => x.type !== 'choice')).toBe(true);
    expect(buildQuiz([], seededRandom(3))).toEqual([]);
    expect(buildQuiz([entry(1, [])])).toEqual([]);
  });

  it('limits the test length', () => {
    const big = Array.from({ length: 50 }, (_, i) => entry(i, [`m${i}`]));
    expect(buildQuiz(big, seededRandom(4))).toHaveLength(20);
  });
});

describe('what a deck teaches', () => {
  it.each([
    ['ㄱ', true],
    ['あ', true],
    ['が', true],
    ['きゃ', true],
    ['ショ', true],
    ['ぢゅ', true],
    ['ゃ', true],
    ['ゃき', false],
    ['ねこ', false],
    ['きゃく', false],
    ['Aa', true],
    ['Σσς', true],
    ['Аа', true],
    ['ب', true],
    ['ך', true],
    ['你', false],
    ['물', false],
    ['안녕', false],
    ['cat', false],
    ['', false],
    ['1', false],
  ] as const)('%s is a letter: %s', (text, letter) => {
    expect(isLetter(text)).toBe(letter);
  });

  it('asks the sound of kana decks, their combined sounds included', () => {
    const kana = (n: number, text: string, reading: string) => ({ ...entry(n, [`hiragana ${reading}`], reading), languageCode: 'ja', text });
    const yoon = ['きゃ kya', 'しゅ shu', 'ちょ cho', 'にゃ nya', 'ぴょ pyo'].map((k, i) => kana(i, k.split(' ')[0]!, k.split(' ')[1]!));
    expect(deckTeaches(yoon)).toBe('sound');
    const chart = [kana(10, 'か', 'ka'), kana(11, 'キ', 'ki'), ...yoon];
    expect(deckTeaches(chart)).toBe('sound');
    const q = buildQuiz(yoon, seededRandom(3));
    expect(q.every((x) => x.teaches === 'sound' && x.kind === 'reading')).toBe(true);
    expect(q.find((x) => x.entry.text === 'しゅ')!.answers).toContain('shu');
    // Kana words are words: their meaning is asked.
    expect(deckTeaches([kana(20, 'ねこ', 'neko'), kana(21, 'いぬ', 'inu')])).toBe('meaning');
  });

  it('is the sound when four in five entries are letters with a reading', () => {
    const letter = (n: number) => ({ ...entry(n, ['name'], 'sound'), text: String.fromCodePoint(0x3131 + n) });
    expect(deckTeaches(Array.from({ length: 5 }, (_, i) => letter(i)))).toBe('sound');
    expect(deckTeaches([...Array.from({ length: 4 }, (_, i) => letter(i)), entry(9, ['x'])])).toBe('sound');
    expect(deckTeaches([...Array.from({ length: 3 }, (_, i) => letter(i)), entry(8, ['x']), entry(9, ['y'])])).toBe('meaning');
    expect(deckTeaches(deck)).toBe('meaning');
    expect(deckTeaches([])).toBe('meaning');
  });
});

describe('grade', () => {
  const [first] = buildQuiz(deck, seededRandom(5));
  it('maps right/near/wrong to Good/Hard/Again', () => {
    expect(RATING_OF).toEqual({ correct: 3, near: 2, wrong: 1 });
    const typed = { ...first!, type: 'typed' as const, answers: ['meaning 3', 'alt 3'] };
    expect(grade(typed, { text: 'ALT 3' })).toMatchObject({ verdict: 'correct', rating: 3 });
    expect(grade(typed, { text: 'meanig 3' })).toMatchObject({ verdict: 'near', rating: 2 });
    expect(grade(typed, { text: 'nothing like it' })).toMatchObject({ verdict: 'wrong', rating: 1 });
    const tf = { ...first!, type: 'trueFalse' as const, statementTrue: false };
    expect(grade(tf, { truth: false }).rating).toBe(3);
    expect(grade(tf, { truth: true }).rating).toBe(1);
    const mc = { ...first!, type: 'choice' as const, options: ['a', 'b', 'c', 'd'], correctIndex: 2 };
    expect(grade(mc, { choice: 2 })).toMatchObject({ verdict: 'correct', given: 'c' });
    expect(grade(mc, { choice: 0 })).toMatchObject({ verdict: 'wrong', given: 'a' });
  });
});
