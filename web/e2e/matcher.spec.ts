// The stroke matcher on the writing practice page, through real pointer events (issue 25, item 5):
// strokes written by a wobbly hand (each pointer event up to 4% of the box off, a smooth drift,
// a small shift and scale; seeded, from src/canvas/matcher.synthetic.ts) are accepted, a reversed
// stroke is refused as backwards and the stroke counter stays put; on a desktop and a phone-sized
// page. Each finished entry shows its one score; guided practice (tracing) records nothing, which
// the server confirms.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import type { Stroke } from '../src/api/generated/types';
import { densify, randomHand, seeded, write, type Hand } from '../src/canvas/matcher.synthetic';
import { writingScore } from '../src/features/writing/grading';
import { drawOnCanvas } from './helpers';
import { entryIds, openSignedIn, signUp, strokesOf, userQuery, waitForSync } from './learner';

/** Per-point wobble, a fraction of the box: before the matcher smoothed strokes, it refused nearly every such stroke. */
const WOBBLE = 0.04;

interface StoredReview {
  entryId: string;
  kind: string;
  score?: number;
  deleted: boolean;
}

/** One wobbly hand per character, seeded so every run draws the same strokes. */
function handFor(strokes: readonly Stroke[], seed: number): { hand: Hand; rand: () => number } {
  const rand = seeded(seed);
  return { hand: randomHand(rand, strokes, { noise: WOBBLE, shift: 0.02, scaleMin: 0.95, scaleMax: 1.05 }), rand };
}

/** Draws `points` (1024-box) with one pointer event a point, as a finger's events arrive. */
async function draw(page: Page, points: readonly { x: number; y: number }[]) {
  await drawOnCanvas(
    page,
    points.map((p) => [p.x, p.y] as const),
    1,
  );
}

const status = (page: Page) => page.getByTestId('writing-message');

/** Writes every stroke of one character by `hand`, each accepted in turn. */
async function writeWobbly(page: Page, strokes: readonly Stroke[], { hand, rand }: ReturnType<typeof handFor>, from = 0) {
  for (let i = from; i < strokes.length; i++) {
    await draw(page, write(densify(strokes[i]!.median), hand, rand));
    if (i + 1 < strokes.length) await expect(status(page)).toHaveText(`Good: stroke ${i + 1} of ${strokes.length}.`);
  }
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test('a wobbly correct stroke is accepted, a reversed one refused; tracing records no review', async ({ page, request }) => {
      test.setTimeout(180_000);
      const auth = await signUp(request);
      await openSignedIn(page, auth, '/home');
      await waitForSync(page, auth.userId);

      // 大: the first stroke wobbly; the second reversed (refused, the counter stays), then wobbly.
      const da = strokesOf('zh-starter', '大');
      const zh = await entryIds(page, 'zh', '大');
      await page.goto(`/decks/${zh.deckId}/entries/${zh.entryId}/writing`);
      await expect(page.getByRole('group', { name: 'Writing area, character 1 of 1' })).toBeVisible();
      await page.getByTestId('ink').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await expect(status(page)).toHaveText(`Trace stroke 1 of ${da.length} over the outline.`);
      const daHand = handFor(da, 1);
      await draw(page, write(densify(da[0]!.median), daHand.hand, daHand.rand));
      await expect(status(page)).toHaveText(`Good: stroke 1 of ${da.length}.`);
      await draw(page, write(densify(da[1]!.median).reverse(), daHand.hand, daHand.rand));
      await expect(status(page)).toHaveText('Right stroke, but drawn backwards. Start from the other end.');
      await writeWobbly(page, da, daHand, 1);
      await expect(page.getByRole('heading', { name: 'Finished' })).toBeVisible();
      // One score, from the one rule: the backwards try costs 0.2 of a stroke.
      const tally = { strokes: da.length, misses: 0, backwards: 1, hints: 0, freeScores: [], durationMs: 0 };
      await expect(page.getByTestId('character-score')).toHaveAttribute('data-score', String(Math.round(writingScore(tally) * 100)));
      await expect(page.getByTestId('stroke-outcomes')).toHaveText('Stroke 2 corrected.');

      // Дд: a letter pair, every stroke wobbly, nothing refused.
      const ru = await entryIds(page, 'ru', 'Дд');
      await page.goto(`/decks/${ru.deckId}/entries/${ru.entryId}/writing`);
      for (const [i, value] of ['Д', 'д'].entries()) {
        await expect(page.getByRole('group', { name: `Writing area, character ${i + 1} of 2` })).toBeVisible();
        await page.getByTestId('ink').evaluate((el) => el.scrollIntoView({ block: 'center' }));
        const strokes = strokesOf('ru', value);
        await writeWobbly(page, strokes, handFor(strokes, 2 + i));
        // A finished character stays on screen over its model until the learner goes on.
        if (i === 0) await page.getByRole('button', { name: 'Next character' }).click();
      }
      await expect(page.getByRole('heading', { name: 'Finished' })).toBeVisible();
      await expect(page.getByTestId('writing-result')).toHaveAttribute('data-score', '100');
      await expect(page.getByTestId('practice-outcome')).toHaveText('Tracing is practice: it does not change your schedule.');

      // Tracing is not recall: the server holds no review of either entry.
      await page.waitForTimeout(1000);
      expect((await userQuery<StoredReview>(request, auth.idToken, 'queryUserReviews')).filter((r) => !r.deleted)).toEqual([]);
    });
  });
}
