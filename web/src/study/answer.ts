// Checking a typed answer (test mode): the comparison forgives case, spacing, punctuation around
// the words and Unicode form (composed and decomposed Hangul are equal), accepts any listed
// meaning, and tells a near miss (a typo) from a wrong answer.
export type Verdict = 'correct' | 'near' | 'wrong';

export interface Checked {
  verdict: Verdict;
  /** The accepted answer the input was closest to. */
  closest: string;
}

/** Canonical form for comparing: NFKC (composes Hangul jamo sequences into syllables and folds
 * full-width and compatibility forms), lower case, no punctuation at either end, one space
 * between words. */
export function normaliseAnswer(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(?:\s|\u200b|\u200c|\u200d|\ufeff)+/gu, ' ')
    .replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, '')
    .replace(/\s*([,;/])\s*/gu, '$1')
    .trim();
}

/** Small words a learner may leave out of a listed meaning ("to eat", "a cat"). */
const OPTIONAL_LEADING = /^(to|a|an|the) /u;

/** The forms of one listed answer that count as it: the whole, without a parenthesised note
 * ("bank (of a river)"), each of its comma/semicolon/slash-separated alternatives, and each of
 * those without a leading "to"/"a"/"the". */
export function acceptedForms(listed: string): string[] {
  const forms = new Set<string>();
  const whole = normaliseAnswer(listed);
  const bare = normaliseAnswer(listed.replace(/\([^)]*\)|\[[^\]]*\]/gu, ' '));
  for (const f of [whole, bare]) {
    if (!f) continue;
    forms.add(f);
    for (const part of f.split(/[,;/]/u)) {
      const p = part.trim();
      if (!p) continue;
      forms.add(p);
      const short = p.replace(OPTIONAL_LEADING, '');
      if (short) forms.add(short);
    }
  }
  return [...forms];
}

/** Edit distance with adjacent transpositions (optimal string alignment), over code points. */
export function editDistance(a: readonly string[], b: readonly string[]): number {
  const n = a.length;
  const m = b.length;
  if (n === 0) return m;
  if (m === 0) return n;
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  let cur = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, (prev2[j - 2] ?? 0) + 1);
      cur[j] = v;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[m] ?? 0;
}

/** Units for the edit distance: decomposed (NFD), so a wrong Hangul vowel or a missing accent is
 * one slip among the letters, not a whole syllable. */
const units = (normalised: string): string[] => Array.from(normalised.normalize('NFD'));

/** Edits forgiven as a near miss for an answer of `length` units: none for the shortest words
 * (one letter changes them into other words), then about one in five. */
export function nearMissAllowance(length: number): number {
  if (length <= 3) return 0;
  if (length <= 6) return 1;
  if (length <= 12) return 2;
  return 3;
}

/** Checks `input` against the listed answers (e.g. an entry's meanings, or its reading). */
export function checkAnswer(input: string, listed: readonly string[]): Checked {
  const given = normaliseAnswer(input);
  const fallback = listed[0] ?? '';
  if (!given) return { verdict: 'wrong', closest: fallback };
  let best: { distance: number; allowance: number; listed: string } | null = null;
  for (const l of listed) {
    for (const form of acceptedForms(l)) {
      if (form === given) return { verdict: 'correct', closest: l };
      const target = units(form);
      const distance = editDistance(units(given), target);
      const allowance = nearMissAllowance(target.length);
      if (!best || distance - allowance < best.distance - best.allowance) best = { distance, allowance, listed: l };
    }
  }
  if (best && best.distance <= best.allowance) return { verdict: 'near', closest: best.listed };
  return { verdict: 'wrong', closest: best?.listed ?? fallback };
}
