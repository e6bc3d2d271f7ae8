// A test over a deck (pure): questions mixing multiple choice (four options, distractors from the
// same deck), typed answers and true/false, on the meaning and reading cards of the deck's enabled
// entries; and how an answer counts as a review of its card.
//
// Answer → review rating (recorded for the question's card):
//   right → Good (3); a typed near miss (a typo) → Hard (2); wrong → Again (1).
// Multiple choice and true/false are right or wrong.
import type { CardKind, Entry } from '../api/generated/types';
import { cardId } from '../db/cardId';
import { checkAnswer, normaliseAnswer, type Verdict } from './answer';
import type { Rating } from './scheduler';

export const QUIZ_LENGTH = 20;
export const CHOICES = 4;

export type QuestionType = 'choice' | 'typed' | 'trueFalse';

export interface Question {
  type: QuestionType;
  /** The card the answer is recorded on ('meaning' or 'reading'). */
  kind: Extract<CardKind, 'meaning' | 'reading'>;
  entry: Entry;
  cardId: string;
  /** Accepted answers (typed: all listed meanings, or the reading). */
  answers: string[];
  /** choice: the options, one of them right. */
  options?: string[];
  /** choice: the index of the right option. */
  correctIndex?: number;
  /** trueFalse: the meaning shown, and whether it is the entry's. */
  statement?: string;
  statementTrue?: boolean;
}

/** A seeded generator, so a test is reproducible in tests (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
}

const hasReading = (e: Entry) => e.reading.trim() !== '' && normaliseAnswer(e.reading) !== normaliseAnswer(e.text);
const mainMeaning = (e: Entry) => e.meanings[0] ?? '';

/** Up to `count` distinct values from other entries, none equal (normalised) to any of `avoid`. */
function distractors(pool: readonly string[], avoid: readonly string[], count: number, random: () => number): string[] {
  const banned = new Set(avoid.map(normaliseAnswer));
  const out: string[] = [];
  for (const v of shuffle(pool, random)) {
    const n = normaliseAnswer(v);
    if (!n || banned.has(n)) continue;
    banned.add(n);
    out.push(v);
    if (out.length === count) break;
  }
  return out;
}

/** Builds a test over `entries` (enabled ones with a meaning), at most one question per card,
 * question types taken in turn so the test mixes them. */
export function buildQuiz(entries: readonly Entry[], random: () => number = Math.random, length = QUIZ_LENGTH): Question[] {
  const usable = entries.filter((e) => e.meanings.some((m) => m.trim() !== ''));
  const meaningPool = usable.map(mainMeaning);
  const readingPool = usable.filter(hasReading).map((e) => e.reading);
  const order: { type: QuestionType; kind: 'meaning' | 'reading' }[] = [
    { type: 'choice', kind: 'meaning' },
    { type: 'typed', kind: 'meaning' },
    { type: 'trueFalse', kind: 'meaning' },
    { type: 'choice', kind: 'reading' },
    { type: 'typed', kind: 'reading' },
  ];
  // Each entry gives one card's question; entries beyond `length` wait for another test.
  const picked = shuffle(usable, random).slice(0, length);
  const questions: Question[] = [];
  for (const [i, entry] of picked.entries()) {
    let plan = order[i % order.length] ?? order[0]!;
    if (plan.kind === 'reading' && !hasReading(entry)) plan = order[(i % 3) as 0 | 1 | 2]!;
    const base = { kind: plan.kind, entry, cardId: cardId(entry.id, plan.kind) };
    if (plan.kind === 'reading') {
      const wrong = distractors(readingPool, [entry.reading], CHOICES - 1, random);
      if (plan.type === 'choice' && wrong.length === CHOICES - 1) {
        const options = shuffle([entry.reading, ...wrong], random);
        questions.push({ ...base, type: 'choice', answers: [entry.reading], options, correctIndex: options.indexOf(entry.reading) });
      } else {
        questions.push({ ...base, type: 'typed', answers: [entry.reading] });
      }
      continue;
    }
    const right = mainMeaning(entry);
    if (plan.type === 'choice') {
      const wrong = distractors(meaningPool, entry.meanings, CHOICES - 1, random);
      if (wrong.length === CHOICES - 1) {
        const options = shuffle([right, ...wrong], random);
        questions.push({ ...base, type: 'choice', answers: entry.meanings, options, correctIndex: options.indexOf(right) });
        continue;
      }
    }
    if (plan.type === 'trueFalse') {
      const [other] = distractors(meaningPool, entry.meanings, 1, random);
      const statementTrue = other === undefined || random() < 0.5;
      questions.push({ ...base, type: 'trueFalse', answers: entry.meanings, statement: statementTrue ? right : other, statementTrue });
      continue;
    }
    questions.push({ ...base, type: 'typed', answers: entry.meanings });
  }
  return questions;
}

/** The response to a question: a typed text, a chosen option index, or true/false. */
export type Response = { text: string } | { choice: number } | { truth: boolean };

export interface Graded {
  verdict: Verdict;
  /** The review rating it is recorded with. */
  rating: Rating;
  /** What the learner gave, for the review of mistakes. */
  given: string;
}

export const RATING_OF: Record<Verdict, Rating> = { correct: 3, near: 2, wrong: 1 };

/** Grades a response. */
export function grade(q: Question, r: Response): Graded {
  let verdict: Verdict;
  let given: string;
  if ('text' in r) {
    verdict = checkAnswer(r.text, q.answers).verdict;
    given = r.text;
  } else if ('choice' in r) {
    verdict = r.choice === q.correctIndex ? 'correct' : 'wrong';
    given = q.options?.[r.choice] ?? '';
  } else {
    verdict = r.truth === q.statementTrue ? 'correct' : 'wrong';
    given = String(r.truth);
  }
  return { verdict, rating: RATING_OF[verdict], given };
}
