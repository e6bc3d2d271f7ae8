// Alternative stroke orders (a character may accept several): each stroke is judged against every
// order still possible given the strokes already accepted, and the orders it fits stay possible.
import type { Stroke } from '../api/generated/types';
import type { InkPoint } from './ink';
import type { MatchOptions, StrokeJudgement } from './matcher';

type Judge = (drawn: readonly { x: number; y: number }[], expected: readonly Stroke[], index: number, opts?: MatchOptions) => StrokeJudgement;

/** The canonical order first, then each valid alternative (a permutation of the stroke indices). */
export function candidateOrders(count: number, alternatives: readonly (readonly number[])[] = []): number[][] {
  const canonical = Array.from({ length: count }, (_, i) => i);
  const valid = alternatives.filter((o) => o.length === count && new Set(o).size === count && o.every((k) => k >= 0 && k < count));
  return [canonical, ...valid.map((o) => [...o])];
}

/** The strokes in an order. */
export function inOrder(strokes: readonly Stroke[], order: readonly number[]): Stroke[] {
  return order.flatMap((i) => (strokes[i] ? [strokes[i]] : []));
}

/** Judges stroke number `index` against every still-possible order; answers the verdict (from the
 * first order that accepts it, else the first order's) and the orders that remain possible. */
export function judgeInOrders(
  judge: Judge,
  points: readonly InkPoint[],
  strokes: readonly Stroke[],
  orders: readonly (readonly number[])[],
  index: number,
  opts: MatchOptions,
): { judgement: StrokeJudgement; orders: number[][] } {
  let first: StrokeJudgement | undefined;
  const remaining: number[][] = [];
  let accepted: StrokeJudgement | undefined;
  for (const order of orders) {
    const j = judge(points, inOrder(strokes, order), index, opts);
    first ??= j;
    if (j.verdict === 'accepted') {
      accepted ??= j;
      remaining.push([...order]);
    }
  }
  if (accepted) return { judgement: accepted, orders: remaining };
  return { judgement: first ?? { verdict: 'wrong-shape', score: 0 }, orders: orders.map((o) => [...o]) };
}
