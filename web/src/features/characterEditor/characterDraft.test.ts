// The stroke editor's draft: made from a stored row, its field problems, and whether it differs
// from what was saved, as tables.
import { describe, expect, it } from 'vitest';
import type { Character, Stroke } from '../../api/generated/types';
import { PROJECT_SOURCE, draftErrors, draftOf, sameDraft, type Draft } from './characterDraft';

const stroke = { points: [] } as unknown as Stroke;
const draft = (patch: Partial<Draft> = {}): Draft => ({
  value: '가', source: 'src', leniency: 1, strokes: [stroke, stroke, stroke], alternatives: [], ...patch,
});

describe('draftOf', () => {
  it('a new character: empty, with the project source and leniency 1', () => {
    expect(draftOf(undefined)).toEqual({ value: '', source: PROJECT_SOURCE, leniency: 1, strokes: [], alternatives: [] });
  });

  it('a stored one: its fields, alternative orders counted from 1', () => {
    const c = { value: '나', source: 'x', leniency: 2, strokes: [stroke, stroke], alternatives: [[1, 0]] } as unknown as Character;
    expect(draftOf(c)).toEqual({ value: '나', source: 'x', leniency: 2, strokes: [stroke, stroke], alternatives: ['2, 1'] });
  });
});

describe('draftErrors', () => {
  it.each([
    ['a valid draft', draft(), {}],
    ['no character', draft({ value: '' }), { value: 'charEditor.errors.oneCharacter' }],
    ['two characters', draft({ value: '가나' }), { value: 'charEditor.errors.oneCharacter' }],
    ['a long source', draft({ source: 'x'.repeat(501) }), { source: 'charEditor.errors.sourceLong' }],
    ['too many strokes', draft({ strokes: Array<Stroke>(65).fill(stroke) }), { strokes: 'charEditor.errors.tooManyStrokes' }],
    ['a valid alternative order', draft({ alternatives: ['3, 1, 2'] }), {}],
    ['an order with a stroke twice', draft({ alternatives: ['1, 2, 3', '1, 1, 2'] }), { 'alternatives.1': 'charEditor.errors.order' }],
    ['an order of the wrong length', draft({ alternatives: ['1, 2'] }), { 'alternatives.0': 'charEditor.errors.order' }],
  ])('%s', (_name, d, errors) => {
    expect(draftErrors(d)).toEqual(errors);
  });
});

describe('sameDraft', () => {
  const other = { path: 'M 0 0 L 1 1', median: [[0, 0], [1, 1]] } as unknown as Stroke;
  it.each([
    ['the same draft', draft(), true],
    ['a copy of its strokes', draft({ strokes: [stroke, stroke, stroke].map((s) => ({ ...s })) }), true],
    ['another character', draft({ value: '나' }), false],
    ['another source', draft({ source: 'other' }), false],
    ['another leniency', draft({ leniency: 1.25 }), false],
    ['a stroke redrawn', draft({ strokes: [stroke, other, stroke] }), false],
    ['a stroke fewer', draft({ strokes: [stroke, stroke] }), false],
    ['an alternative order added', draft({ alternatives: ['3, 2, 1'] }), false],
  ])('%s: %s', (_name, d, same) => {
    expect(sameDraft(draft(), d)).toBe(same);
  });
});
