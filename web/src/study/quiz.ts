// A test over a deck (pure): questions mixing multiple choice (four options, distractors from the
// same deck), typed answers and true/false, asking what the deck teaches: the sound of each letter
// for an alphabet (letters, jamo, kana and the kana's combined sounds: deckTeaches), the meaning
// of each word otherwise. A test
// never touches the schedule by itself; how an answer would count as a review of its card, when
// the learner asks for that (features/practice/TestPage.tsx), is RATING_OF:
//   right → Good (3); a typed near miss (a typo) → Hard (2); wrong → Again (1).
// Multiple choice and true/false are right or wrong.
import type { CardKind, Entry } from '../api/generated/types';
import { cardId } from '../db/cardId';
import { checkAnswer, normaliseAnswer, type Verdict } from './answer';
import type { Rating } from './scheduler';

export const QUIZ_LENGTH = 20;
export const CHOICES = 4;

export type QuestionType = 'choice' | 'typed' | 'trueFalse';

/** What a deck teaches, and so what its test asks: a letter's sound, or a word's meaning. */
export type Teaches = 'sound' | 'meaning';

export interface Question {
  type: QuestionType;
  /** What it asks: the sound (the entry's reading) or the meaning. */
  teaches: Teaches;
  /** The card it is about ('reading' for a sound, 'meaning' for a meaning). */
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

/** The small kana that join the kana before them into one syllable (きゃ kya, ファ fa). */
const SMALL_KANA = /^[ぁぃぅぇぉゃゅょゎァィゥェォャュョヮ]$/u;
const KANA = /^[\p{Script=Hiragana}\p{Script=Katakana}]$/u;

/** Whether `text` is one letter of an alphabet or syllabary, in one or both cases ("ㄱ", "あ",
 * "Aa", "Σσς"), or one syllable of kana written with a small kana ("きゃ", "ショ"): not a Chinese
 * character nor a Hangul syllable block, which are words. */
export function isLetter(text: string): boolean {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const letters = [...segmenter.segment(text.normalize('NFC'))].map((g) => g.segment).filter((g) => /\p{L}/u.test(g));
  if (letters.length === 0) return false;
  if (letters.some((g) => /\p{Script=Han}|[\uAC00-\uD7A3]/u.test(g))) return false;
  const [first, second] = letters;
  if (letters.length === 2 && KANA.test(first!) && !SMALL_KANA.test(first!) && SMALL_KANA.test(second!)) return true;
  return new Set(letters.map((g) => g.toLocaleUpperCase())).size === 1;
}

/** What a deck teaches: the sounds of letters when most of its entries (four in five) are
 * letters with a reading, else meanings. */
export function deckTeaches(entries: readonly Entry[]): Teaches {
  if (entries.length === 0) return 'meaning';
  const letters = entries.filter((e) => isLetter(e.text) && hasReading(e)).length;
  return letters * 5 >= entries.length * 4 ? 'sound' : 'meaning';
}

/** The answers a letter's sound accepts: its reading as written ("alif (ā)", "g/k"), what it
 * holds in brackets ("ā"), and each without accents ("a"), as the letter is typed on any keyboard. */
export function soundAnswers(reading: string): string[] {
  const forms = new Set<string>([reading]);
  for (const m of reading.matchAll(/\(([^)]*)\)/gu)) if (m[1]?.trim()) forms.add(m[1].trim());
  for (const f of [...forms]) {
    const plain = f.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
    if (plain !== f) forms.add(plain);
  }
  return [...forms];
}

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

const ORDER: readonly QuestionType[] = ['choice', 'typed', 'trueFalse'];

/** Builds a test over `entries` (the enabled ones), asking what the deck teaches (deckTeaches) of
 * at most `length` of them, question types taken in turn so the test mixes them. It may ask of
 * any entry, studied or not: a test never starts a card. */
export function buildQuiz(entries: readonly Entry[], random: () => number = Math.random, length = QUIZ_LENGTH): Question[] {
  const teaches = deckTeaches(entries);
  const usable = teaches === 'sound' ? entries.filter(hasReading) : entries.filter((e) => e.meanings.some((m) => m.trim() !== ''));
  const kind = teaches === 'sound' ? 'reading' : 'meaning';
  const answerOf = (e: Entry) => (teaches === 'sound' ? e.reading : mainMeaning(e));
  const acceptedOf = (e: Entry) => (teaches === 'sound' ? soundAnswers(e.reading) : e.meanings);
  const pool = usable.map(answerOf);
  // Each entry gives one question; entries beyond `length` wait for another test.
  const picked = shuffle(usable, random).slice(0, length);
  const questions: Question[] = [];
  for (const [i, entry] of picked.entries()) {
    const type = ORDER[i % ORDER.length]!;
    const base = { teaches, kind, entry, cardId: cardId(entry.id, kind), answers: acceptedOf(entry) } as const;
    const right = answerOf(entry);
    if (type === 'choice') {
      const wrong = distractors(pool, acceptedOf(entry), CHOICES - 1, random);
      if (wrong.length === CHOICES - 1) {
        const options = shuffle([right, ...wrong], random);
        questions.push({ ...base, answers: [...base.answers], type: 'choice', options, correctIndex: options.indexOf(right) });
        continue;
      }
    }
    if (type === 'trueFalse') {
      const [other] = distractors(pool, acceptedOf(entry), 1, random);
      const statementTrue = other === undefined || random() < 0.5;
      questions.push({ ...base, answers: [...base.answers], type: 'trueFalse', statement: statementTrue ? right : other, statementTrue });
      continue;
    }
    questions.push({ ...base, answers: [...base.answers], type: 'typed' });
  }
  return questions;
}

/** The response to a question: a typed text, a chosen option index, or true/false. */
export type Response = { text: string } | { choice: number } | { truth: boolean };

export interface Graded {
  verdict: Verdict;
  /** The review rating it would be recorded with (only when the learner asks). */
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
