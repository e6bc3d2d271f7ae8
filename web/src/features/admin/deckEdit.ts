// The deck editor's changes as pure functions (deckEdit.test.ts): moving, adding and removing
// entries, and the undo history (the deck's previous versions, saved back on undo).
import type { Deck } from '../../api/generated/types';

/** The parts of a deck the editor changes. */
export interface DeckVersion {
  title: string;
  description: string;
  entryIds: string[];
}

export const versionOf = (d: Pick<Deck, 'title' | 'description' | 'entryIds'>): DeckVersion => ({
  title: d.title,
  description: d.description,
  entryIds: [...d.entryIds],
});

/** `ids` with the item at `from` moved to `to` (indices clamped; same array when nothing moves). */
export function moveEntry(ids: readonly string[], from: number, to: number): string[] {
  const target = Math.max(0, Math.min(ids.length - 1, to));
  if (from < 0 || from >= ids.length || from === target) return ids as string[];
  const out = [...ids];
  const [item] = out.splice(from, 1);
  out.splice(target, 0, item!);
  return out;
}

/** How many previous versions undo keeps. */
export const UNDO_DEPTH = 20;

/** Previous versions, newest last. */
export type DeckHistory = readonly DeckVersion[];

/** The history after a change away from `before`. */
export function pushVersion(history: DeckHistory, before: DeckVersion): DeckHistory {
  return [...history, before].slice(-UNDO_DEPTH);
}

/** The version to save back, and the history without it; null when there is nothing to undo. */
export function popVersion(history: DeckHistory): { version: DeckVersion; history: DeckHistory } | null {
  if (history.length === 0) return null;
  return { version: history[history.length - 1]!, history: history.slice(0, -1) };
}

export const sameVersion = (a: DeckVersion, b: DeckVersion) =>
  a.title === b.title && a.description === b.description && a.entryIds.length === b.entryIds.length && a.entryIds.every((id, i) => id === b.entryIds[i]);

/** Problems of a deck's title and description (the server's limits), by field. */
export function validateDeck(v: Pick<DeckVersion, 'title' | 'description'>, limits: { title: number; description: number }) {
  const errors: Partial<Record<'title' | 'description', { key: 'required' | 'tooLong'; max?: number }>> = {};
  if (v.title.trim() === '') errors.title = { key: 'required' };
  else if ([...v.title].length > limits.title) errors.title = { key: 'tooLong', max: limits.title };
  if ([...v.description].length > limits.description) errors.description = { key: 'tooLong', max: limits.description };
  return errors;
}
