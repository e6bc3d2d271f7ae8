// What a key does on the review and test pages, as pure functions of the key and the page's
// state (practiceKeys.test.ts); the pages only carry the action out. Keys: review: Space/Enter
// reveal, 1–4 rate, U or Ctrl/Cmd+Z undo; test: 1–n choose, T/F true or false, Enter/Space next.
import { RATINGS, type Rating } from '../../study/scheduler';

/** The parts of a key event the pages read. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
}

/** A review key's action. 'handled': the key is the page's, with nothing to do (kept from the
 * browser, and from the writing canvas). null: not the page's key. */
export type ReviewKeyAction = { type: 'undo' } | { type: 'reveal' } | { type: 'rate'; rating: Rating } | { type: 'next' } | { type: 'handled' } | null;

export interface ReviewKeyState {
  /** A card is on screen. */
  hasCard: boolean;
  /** It is a writing card (answered on its canvas). */
  writing: boolean;
  revealed: boolean;
  /** The writing card's answer, once written to the end: how far its recording got. */
  written: 'saving' | 'saved' | 'failed' | null;
}

export function reviewKey(e: KeyPress, s: ReviewKeyState): ReviewKeyAction {
  if ((e.key === 'z' || e.key === 'Z') && (e.ctrlKey || e.metaKey)) return { type: 'undo' };
  if (e.ctrlKey || e.metaKey) return null;
  if (e.key === 'u' || e.key === 'U') return { type: 'undo' };
  if (!s.hasCard) return null;
  // A writing card is answered on its canvas: Enter goes on once its answer is stored. Space
  // still shows the answer, to rate it by hand (keyboard only, or no way to draw); Enter is
  // left to the canvas (on to the next character).
  if (s.writing && !s.revealed) {
    if (s.written) {
      if (e.key === 'Enter' && s.written === 'saved') return { type: 'next' };
      return e.key === 'Enter' || e.key === ' ' ? { type: 'handled' } : null;
    }
    return e.key === ' ' ? { type: 'reveal' } : null;
  }
  if (e.key === ' ' || e.key === 'Enter') return s.revealed ? { type: 'handled' } : { type: 'reveal' };
  const n = Number(e.key);
  if (s.revealed && RATINGS.includes(n as Rating)) return { type: 'rate', rating: n as Rating };
  return null;
}

/** A test key's action; null: not the page's key. */
export type QuizKeyAction = { type: 'next' } | { type: 'choice'; choice: number } | { type: 'truth'; truth: boolean } | null;

export interface QuizKeyState {
  /** The question on screen (none: the test is over or empty). */
  question: { type: 'choice' | 'typed' | 'trueFalse'; options?: readonly unknown[] } | undefined;
  ended: boolean;
  /** The question has its verdict. */
  answered: boolean;
}

export function quizKey(e: KeyPress, s: QuizKeyState): QuizKeyAction {
  if (e.ctrlKey || e.metaKey || !s.question || s.ended) return null;
  if (s.answered) return e.key === 'Enter' || e.key === ' ' ? { type: 'next' } : null;
  if (s.question.type === 'choice') {
    const n = Number(e.key);
    if (n >= 1 && n <= (s.question.options?.length ?? 0)) return { type: 'choice', choice: n - 1 };
  }
  if (s.question.type === 'trueFalse' && (e.key === 't' || e.key === 'T' || e.key === 'f' || e.key === 'F')) {
    return { type: 'truth', truth: e.key.toLowerCase() === 't' };
  }
  return null;
}
