// The stroke editor's form as plain data: a character's draft, made from its stored row, and the
// problems of a draft by field (characterDraft.test.ts).
import type { Character, Stroke } from '../../api/generated/types';
import { parseOrder } from './outline';

/** Leniency bounds (crates/writeit-core/src/limits.rs). */
export const LENIENCY_MIN = 0.25;
export const LENIENCY_MAX = 4;
export const SOURCE_MAX = 500;
export const PROJECT_SOURCE = 'Drawn in the WriteIt stroke editor';

/** The stroke editor's form: a character as it is being edited. */
export interface Draft {
  value: string;
  source: string;
  leniency: number;
  strokes: Stroke[];
  /** Alternative orders as typed ("2, 1, 3"). */
  alternatives: string[];
}

/** The form of a stored character (a new one's when absent). */
export function draftOf(c: Character | undefined): Draft {
  return {
    value: c?.value ?? '',
    source: c?.source ?? PROJECT_SOURCE,
    leniency: c?.leniency ?? 1,
    strokes: c?.strokes ?? [],
    alternatives: (c?.alternatives ?? []).map((o) => o.map((k) => k + 1).join(', ')),
  };
}

/** Whether two drafts save the same character (the editor's "unsaved changes"). */
export function sameDraft(a: Draft, b: Draft): boolean {
  return (
    a.value === b.value &&
    a.source === b.source &&
    a.leniency === b.leniency &&
    a.alternatives.length === b.alternatives.length &&
    a.alternatives.every((x, i) => x === b.alternatives[i]) &&
    JSON.stringify(a.strokes) === JSON.stringify(b.strokes)
  );
}

/** Field problems of a draft, by field (messages shown next to the fields). */
export function draftErrors(d: Draft): Partial<Record<'value' | 'source' | 'strokes' | `alternatives.${number}`, string>> {
  const errors: Partial<Record<string, string>> = {};
  const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(d.value)].length;
  if (graphemes !== 1) errors.value = 'charEditor.errors.oneCharacter';
  if (d.source.length > SOURCE_MAX) errors.source = 'charEditor.errors.sourceLong';
  if (d.strokes.length > 64) errors.strokes = 'charEditor.errors.tooManyStrokes';
  d.alternatives.forEach((text, i) => {
    if (parseOrder(text, d.strokes.length) === null) errors[`alternatives.${i}`] = 'charEditor.errors.order';
  });
  return errors;
}
