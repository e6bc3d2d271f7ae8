// The keys of the review and test pages, as tables: key × page state → action.
import { describe, expect, it } from 'vitest';
import { quizKey, reviewKey, type QuizKeyState, type ReviewKeyState } from './practiceKeys';

const key = (k: string, mod: 'ctrl' | 'meta' | '' = '') => ({ key: k, ctrlKey: mod === 'ctrl', metaKey: mod === 'meta' });

describe('reviewKey', () => {
  const front: ReviewKeyState = { hasCard: true, writing: false, revealed: false, written: null };
  const back: ReviewKeyState = { ...front, revealed: true };
  const writingCard: ReviewKeyState = { ...front, writing: true };
  it.each([
    ['Ctrl+Z undoes', key('z', 'ctrl'), front, { type: 'undo' }],
    ['Cmd+Shift+Z undoes', key('Z', 'meta'), back, { type: 'undo' }],
    ['U undoes, even with no card', key('u'), { ...front, hasCard: false }, { type: 'undo' }],
    ['other Ctrl keys are the browser’s', key('1', 'ctrl'), back, null],
    ['no card: nothing else', key(' '), { ...front, hasCard: false }, null],
    ['Space reveals', key(' '), front, { type: 'reveal' }],
    ['Enter reveals', key('Enter'), front, { type: 'reveal' }],
    ['Space once revealed is kept', key(' '), back, { type: 'handled' }],
    ['1 before the reveal: nothing', key('1'), front, null],
    ['1–4 rate once revealed', key('3'), back, { type: 'rate', rating: 3 }],
    ['5 is no rating', key('5'), back, null],
    ['a writing card: Space reveals', key(' '), writingCard, { type: 'reveal' }],
    ['a writing card: Enter is the canvas’s', key('Enter'), writingCard, null],
    ['written and saved: Enter goes on', key('Enter'), { ...writingCard, written: 'saved' as const }, { type: 'next' }],
    ['written, saving: Enter waits', key('Enter'), { ...writingCard, written: 'saving' as const }, { type: 'handled' }],
    ['written: Space is kept', key(' '), { ...writingCard, written: 'saved' as const }, { type: 'handled' }],
    ['written: a digit is not rated', key('2'), { ...writingCard, written: 'saved' as const }, null],
    ['a writing card revealed: rated by hand', key('2'), { ...writingCard, revealed: true }, { type: 'rate', rating: 2 }],
  ])('%s', (_name, e, state, action) => {
    expect(reviewKey(e, state)).toEqual(action);
  });
});

describe('quizKey', () => {
  const choice: QuizKeyState = { question: { type: 'choice', options: ['a', 'b', 'c', 'd'] }, ended: false, answered: false };
  const trueFalse: QuizKeyState = { question: { type: 'trueFalse' }, ended: false, answered: false };
  const typed: QuizKeyState = { question: { type: 'typed' }, ended: false, answered: false };
  it.each([
    ['1 picks the first option', key('1'), choice, { type: 'choice', choice: 0 }],
    ['4 picks the fourth', key('4'), choice, { type: 'choice', choice: 3 }],
    ['5 is past the options', key('5'), choice, null],
    ['0 is none', key('0'), choice, null],
    ['T is true', key('T'), trueFalse, { type: 'truth', truth: true }],
    ['f is false', key('f'), trueFalse, { type: 'truth', truth: false }],
    ['T on a choice question: nothing', key('t'), choice, null],
    ['a typed question leaves keys to its field', key('1'), typed, null],
    ['answered: Enter goes on', key('Enter'), { ...choice, answered: true }, { type: 'next' }],
    ['answered: Space goes on', key(' '), { ...typed, answered: true }, { type: 'next' }],
    ['answered: a digit does nothing', key('1'), { ...choice, answered: true }, null],
    ['Ctrl+1 is the browser’s', key('1', 'ctrl'), choice, null],
    ['ended: nothing', key('Enter'), { ...choice, ended: true, answered: true }, null],
    ['no question: nothing', key('1'), { ...choice, question: undefined }, null],
  ])('%s', (_name, e, state, action) => {
    expect(quizKey(e, state)).toEqual(action);
  });
});
